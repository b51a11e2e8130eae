notice('a' < 'B', 'a' < 'b', 'abc' <= 'ABC')
