# @setting strict_variables = true
notice("a ${nope} b")
