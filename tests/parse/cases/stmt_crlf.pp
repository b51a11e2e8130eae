$a = 1
$b = "x
y"
notice($a)
