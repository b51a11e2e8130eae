function f() >> Integer { return('s') }
notice(f())
