notice(type([1, 1.5]), type([1, 2]), type(['a', 'bc']))
