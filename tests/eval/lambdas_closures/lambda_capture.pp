$x = 1
$f = [1].map |$y| { $x + $y }
notice($f)
