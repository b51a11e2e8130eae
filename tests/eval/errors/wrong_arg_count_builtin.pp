notice(upcase('a', 'b'))
