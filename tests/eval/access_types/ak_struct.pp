notice(Struct[1])
