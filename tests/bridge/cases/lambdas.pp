# Lambdas passed to a Ruby function: called back, closures see their scope.
$suffix = '!'
notice(bridgetest::each_value(['a', 'b']) |$v| { "${v}${suffix}" })
notice(bridgetest::each_value(['a', 'b']) |$v, $i| { "${i}:${v}" })
notice(bridgetest::each_value([1, 2, 3]) |$v| { if $v == 2 { next(20) } $v })
notice(bridgetest::one_arg(5) |$v| { $v * 3 })
