notice({a => 1} =~ Hash[String, Integer, 2])
notice({} =~ Hash[String, Integer, 0, 0])
