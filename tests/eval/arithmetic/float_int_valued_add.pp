notice(0.5 + 0.5)
notice(type(0.5 + 0.5))
