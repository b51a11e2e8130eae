$f = 1
$r = [1].map |$x| { $x + $f }
notice($r)
