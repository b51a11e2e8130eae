notice('A' in 'abc')
notice('BC' in 'abc')
