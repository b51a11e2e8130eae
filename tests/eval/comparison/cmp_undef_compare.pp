notice(undef < 1)
