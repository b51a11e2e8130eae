notice(assert_type(Integer, 'five'))
