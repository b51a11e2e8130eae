notice(type(/x/), type(/x/, 'generalized'))
