notice(Tuple[Integer, String, 1, 3], [1, 'a', 'b'] =~ Tuple[Integer, String, 1, 3], [1] =~ Tuple[Integer, String, 1, 3])
