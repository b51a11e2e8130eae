notice(undef[0])
