# @setting strict_variables = true
[1].each |$x| { notice($nope) }
