notice(/b/ in 'abc')
