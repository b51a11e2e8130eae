notice(size([1, 2]), size('abc'), empty(''), empty([]), empty({}), empty(undef))
