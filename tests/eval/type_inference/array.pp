notice(type([1, 2]))
notice(type([]))
notice(type(['a', 'b']))
notice(type([1, 'a']))
