class c { }
notice(include(c) == undef)
