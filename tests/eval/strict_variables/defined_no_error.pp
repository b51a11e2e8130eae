# @setting strict_variables = true
notice(defined('$nope'))
notice(defined('$facts'))
