notice('abc' == 'ABC')
notice('abc' != 'ABC')
