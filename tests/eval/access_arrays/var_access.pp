$a = [1, 2, 3]
$x = $a[1]
notice($x)
