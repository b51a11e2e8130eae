notice(camelcase('hello_big_world'))
notice(['a_b', 'c_d'].camelcase)
