notice(sort([3, 1, 2]), sort(['b', 'A', 'a']), unique([1, 2, 1, '1']))
