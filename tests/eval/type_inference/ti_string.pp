notice(type('abc'), type('', 'generalized'))
