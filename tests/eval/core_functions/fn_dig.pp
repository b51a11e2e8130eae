notice({a => [1, {b => 2}]}.dig('a', 1, 'b'), {a => 1}.dig('b', 'c'))
