notice(/b+/ in 'abbc')
notice(/z/ in 'abc')
