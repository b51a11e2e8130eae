notice(Hash.new([1, 2, 3, 4]))
notice(Hash.new([[1, 2], [3, 4]]))
notice(Hash.new({a => 1}))
notice(Hash.new([[[x], 1]], 'tree_hash'))
