notice(join([1, 2, 3], '-'))
notice(join(['a', 'b']))
notice([[1], 2].join(','))
