$s = 'abc'
notice("$s.upcase")
