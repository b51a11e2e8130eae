type MyType = Integer
notice(MyType == MYTYPE)
