$a = 1 + 2 == 3 and 4 < 5 or !true
$b = $x in $y == true
$c = $x =~ /a/ * 2
$d = 1 < 2 == true
$e = !$x in $y
$f = -$x[0]
$g = !$x.foo
