$x = 'v'
$x_y = 'w'
notice("$x_y ${x}_y $x-y")
