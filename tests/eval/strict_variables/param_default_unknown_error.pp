# @setting strict_variables = true
class c($p = $nope) { }
include c
