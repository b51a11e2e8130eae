notice({1 => 'a'} =~ Hash[Integer, String], {} =~ Hash[Integer, String, 1])
