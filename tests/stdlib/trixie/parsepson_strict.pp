# @setting strict = error
notice(parsepson('[1]', 'dflt'))
