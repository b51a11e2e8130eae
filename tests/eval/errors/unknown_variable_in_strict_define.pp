# @setting strict_variables = true
define d() { notice($nope) }
d { 'x': }
