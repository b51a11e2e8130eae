type A = Nosuch
function f(A $x) { 1 }
notice(f(1))
