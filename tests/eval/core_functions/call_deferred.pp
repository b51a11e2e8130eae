$x = {a => [1, 2]}
notice(call(Deferred('$x', ['a', 1])))
notice(call(Deferred('join', [[Deferred('upcase', ['a']), 'b'], '-'])))
