notice(assert_type(Integer, 'five') |$expected, $actual| { "wanted ${expected}, got ${actual}" })
