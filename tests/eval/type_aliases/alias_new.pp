type MyInt = Integer
notice(MyInt('42') + 1)
