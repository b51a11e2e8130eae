notice(time() > 1700000000)
notice(time('UTC') > 1700000000)
notice(type(time(), 'generalized'))
