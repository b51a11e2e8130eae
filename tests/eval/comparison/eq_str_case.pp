notice('abc' == 'ABC', 'abc' != 'ABC')
