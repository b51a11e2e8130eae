function f(*$x = [1, 2]) { $x }
notice(f())
function g(*$x = 5) { $x }
notice(g())
