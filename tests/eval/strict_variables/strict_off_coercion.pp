# @setting strict = off
notice('1' + 1)
