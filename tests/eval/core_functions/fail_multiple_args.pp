fail('a', 'b', 1)
