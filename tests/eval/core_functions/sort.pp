notice(sort([3, 1, 2]))
notice(sort(['b', 'A', 'a']))
notice(sort([3, 1, 2]) |$a, $b| { compare($b, $a) })
