# @setting strict_variables = true
# @setting strict = error
$x = 2
notice($x * 2)
notice($y)
