notice(new(Integer, '5') + 1)
notice(Integer.new('6'))
