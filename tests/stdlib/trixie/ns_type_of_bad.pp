notice(stdlib::type_of())
