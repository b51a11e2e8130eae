# @setting strict_variables = true
$u = undef
notice($u == undef)
