$top = 1
function f() { $top }
notice(f())
