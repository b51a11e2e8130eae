$y = sad
$x = $y ? sad => blue
notice($x)
