include mymod
include other
notice(lookup('unqualified', undef, undef, 'not found'))
notice(lookup('mymod::merged'))
notice(lookup('mymod::merged', Data, 'first'))
