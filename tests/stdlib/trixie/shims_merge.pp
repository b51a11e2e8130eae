notice(merge({'a' => 1}, {'b' => 2}, undef, ''))
notice(merge([1, 2]) |$acc, $v| { { "k${v}" => $v } })
notice(merge({'x' => 1, 'y' => 2}) |$acc, $k, $v| { { $k => $v + 1 } })
notice(merge(['a', 'b']) |$acc, $i, $v| { { $v => $i } })
