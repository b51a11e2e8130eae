$x = 3
type A = Integer[$x]
notice(A)
