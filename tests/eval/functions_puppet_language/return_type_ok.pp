function f() >> Integer { 42 }
notice(f())
