notice(type([]), type([1, 2]), type([1, 'a', undef]))
