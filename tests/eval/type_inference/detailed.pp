notice(type(1, 'detailed'))
notice(type('abc', 'detailed'))
notice(type([1, 2], 'detailed'))
notice(type({a => 1}, 'detailed'))
