type A = Object[{attributes => { a => Integer }}]
type B = Object[{parent => A, attributes => { a => { type => String, override => true } }}]
notice(B)
