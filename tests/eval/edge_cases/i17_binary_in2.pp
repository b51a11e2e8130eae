notice(Binary('abc', '%s') in [Binary('abc', '%s'), 1])
notice(Binary('b', '%s') in Binary('abc', '%s'))
notice('abc' in [Binary('abc', '%s')])
