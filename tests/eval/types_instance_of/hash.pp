notice({a => 1} =~ Hash)
notice({a => 1} =~ Hash[String, Integer])
notice({a => 1} =~ Hash[Integer, Integer])
