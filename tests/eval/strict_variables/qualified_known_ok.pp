# @setting strict_variables = true
class c { $x = 1 }
include c
notice($c::x)
