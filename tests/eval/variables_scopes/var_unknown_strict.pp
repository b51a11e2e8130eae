# @setting strict_variables = true
notice($nope)
