notice(split('a,b,c', ','))
notice(split('a1b2c', /\d/))
notice(split('a b', Regexp[' ']))
notice(split('abc', ''))
