notice(type([String[1], String[2]]))
