type A = Enum[a, 'b', "c"]
notice(A)
type B = Integer[-1, default]
notice(B)
type C = Pattern[/x/]
notice('x' =~ C)
