type A = Object[{attributes => {x => Integer}}]
type B = Object[{attributes => {x => Integer}}]
notice(A(1) == B(1))
notice(A(1) == A(1))
notice(A == B)
notice(A == A)
notice({A(1) => 'a'}[A(1)])
notice([A(1), A(1)].unique)
