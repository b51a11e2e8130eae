notice(Error.new('x', 'y'))
notice(new(Error, 'x'))
notice(Error('a','b','c'))
