function f() { {a => 1} }
notice(f()['a'])
