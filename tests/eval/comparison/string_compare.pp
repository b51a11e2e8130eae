notice('a' < 'b')
notice('a' < 'B')
notice('abc' >= 'ABC')
