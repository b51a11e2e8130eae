# @setting strict_variables = true
notice($undefined)
