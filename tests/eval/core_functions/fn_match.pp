notice(match('abc', /(b)(c)/), match(['ab', 'x'], /(b)/))
