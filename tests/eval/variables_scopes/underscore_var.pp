$_x = 1
$x_1 = 2
notice($_x + $x_1)
