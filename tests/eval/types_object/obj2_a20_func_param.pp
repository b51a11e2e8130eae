type A = Object[{attributes => { a => Integer }}]
function f(A $x) >> Integer { $x.a }
notice(f(A(5)))
notice(f(5))
