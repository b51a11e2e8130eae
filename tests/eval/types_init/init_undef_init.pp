notice(Init(3))
notice(Init([1]))
notice(undef =~ Init)
notice(/x/ =~ Init)
