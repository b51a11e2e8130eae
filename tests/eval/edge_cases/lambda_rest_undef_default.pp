with(undef) |String *$x = 'hi'| { notice($x) }
with(undef, undef) |String *$x = 'hi'| { notice($x) }
function f(*$x = 'hi') { $x }
notice(f(undef))
notice(with() |$a = 1, $b = 2, *$c| { [$a,$b,$c] })
with(1, 'x') |Array[Integer] *$x| { notice($x) }
