function f() { next(5); 6 }
notice(f())
