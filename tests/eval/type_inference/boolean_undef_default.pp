notice(type(true))
notice(type(undef))
notice(type(default))
