assert_type(String, 1)
