notice('x' in 5)
notice(1 in undef)
