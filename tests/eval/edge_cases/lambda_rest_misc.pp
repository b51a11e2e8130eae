function f(*$x = 'hi') { $x }
notice(f(undef))
notice(f(undef, undef))
notice(with() |$a = 1, $b = 2, *$c| { [$a,$b,$c] })
notice(with(1, 2, 3) |Array[Integer, 2] *$c| { $c })
with(1, 'x') |Array[Integer] *$x| { notice($x) }
