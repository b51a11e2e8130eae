# @setting strict = error
notice(deprecation('k', 'msg'))
