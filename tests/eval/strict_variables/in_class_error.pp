# @setting strict_variables = true
class c { notice($nope) }
include c
