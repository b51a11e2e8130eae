notice(type([1, 2.0]))
notice(type([1, undef]))
