notice(type('a'))
notice(type(''))
notice(type('hello'))
