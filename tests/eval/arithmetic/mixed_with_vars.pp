$a = 3
$b = 4
notice($a * $a + $b * $b)
