$t = top
function f() { $::t }
notice(f())
