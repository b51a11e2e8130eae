notice(regexpescape('[a-z].*? x#'))
notice(regexpescape(['a.b', 1, 'c+']))
