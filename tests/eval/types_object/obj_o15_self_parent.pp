type A = Object[{parent => A, attributes => {x => Integer}}]
notice(A(1))
