type MyInt = Integer
notice(type(MyInt))
