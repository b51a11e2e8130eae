# @setting strict_variables = true
notice(getvar('nope') == undef)
notice(getvar('nope', 'dflt'))
