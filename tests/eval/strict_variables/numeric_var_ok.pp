# @setting strict_variables = true
notice("[${1}]")
