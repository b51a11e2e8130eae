type A = A
function f(A $x) {}
f(1)
