function f() { break() }
notice(1)
f()
