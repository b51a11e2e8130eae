notice(type(1), type([1, 'a']), type({a => 1}, 'generalized'), type(Integer))
