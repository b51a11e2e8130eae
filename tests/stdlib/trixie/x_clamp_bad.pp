notice(clamp(1, 2))
