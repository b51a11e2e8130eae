function f() { break() }
f()
