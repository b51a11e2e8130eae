# @setting strict = warning
notice('1' + 1)
