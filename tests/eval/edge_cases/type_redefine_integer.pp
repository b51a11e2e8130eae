type Integer = String
notice('x')
