notice(type([Enum[a,b,c], Enum[x,b,c]]))
