notice([][0] == undef)
notice([][0, 1])
