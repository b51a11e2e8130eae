# @setting strict_variables = true
$x = 1
notice($x)
