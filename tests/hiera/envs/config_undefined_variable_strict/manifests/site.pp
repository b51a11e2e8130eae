# @setting strict = error
notice(lookup('a', undef, undef, 'default'))
