# A lambda the function's block type does not accept.
notice(bridgetest::one_arg('a') |$a, $b| { $a })
