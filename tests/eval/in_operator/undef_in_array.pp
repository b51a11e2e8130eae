notice(undef in [undef])
notice(undef in [1])
