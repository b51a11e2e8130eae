type A = Object[{attributes => { a => Integer }, equality_include_type => false}]
type B = Object[{attributes => { a => Integer }}]
notice(A(1) == A(1))
notice(A(1) == B(1))
