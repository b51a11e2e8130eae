type A = Object[{attributes => {x => Integer}}]
type B = Object[{parent => A, attributes => {x => Integer}}]
notice(B(1))
