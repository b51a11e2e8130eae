notice(type(Integer), type(Integer[1,2]), type(String, 'generalized'))
