$a = 1
$x = $a; [1]
notice($x)
