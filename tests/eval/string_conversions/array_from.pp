notice(Array('abc'))
notice(Array({a => 1}))
notice(Array(1, true))
notice(Array([1]))
