notice(assert_type(Integer, 5))
