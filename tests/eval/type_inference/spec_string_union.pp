notice(type([a, b, c]))
notice(type([a, b, c], generalized))
