$a = [1, 2]
$b = $a + [3]
$c = $a << 4
notice($a)
notice($b)
notice($c)
