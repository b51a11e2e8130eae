notice(length('abc'))
notice(length([1, 2]))
notice(size({a => 1}))
notice('été'.length)
