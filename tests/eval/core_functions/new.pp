notice(new(String, 42))
notice(Array.new([1]))
