notice(1 << 62)
