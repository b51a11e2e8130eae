notice(type({a => 1}))
notice(type({}))
notice(type({a => 1, b => 'x'}))
