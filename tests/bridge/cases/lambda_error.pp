# An error in the lambda travels out with its own location.
notice(bridgetest::each_value(['a']) |$v| {
  fail("lambda failed on ${v}")
})
