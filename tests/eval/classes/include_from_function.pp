class c { notice(c) }
function f() { include c }
f()
