notice(reject('abc', 'a'))
