with(1) |$a, Integer *$x| { notice([$a, $x]) }
with(1, 2, 3) |$a, Integer *$x| { notice([$a, $x]) }
with() |$a, Integer *$x| { notice([$a, $x]) }
