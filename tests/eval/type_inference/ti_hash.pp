notice(type({}), type({a => 1, b => 'x'}), type({1 => 2}))
