# @setting strict_variables = true
notice($facts['nope'] == undef)
