type A = Object[{attributes => {x => Integer}}]
type B = Object[{parent => A, attributes => {x => { type => Integer[0], override => true }}}]
notice(B(1))
notice(B)
