notice(type(default), type(undef))
