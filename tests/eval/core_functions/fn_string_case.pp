notice(upcase('abc'), downcase('ÄB'), capitalize('hello world'), camelcase('a_b_c'), snakecase('AbC'))
