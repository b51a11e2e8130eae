notice(Array({a => 1, b => 2}), Array(Integer[1,3]))
