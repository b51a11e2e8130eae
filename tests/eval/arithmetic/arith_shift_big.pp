notice(1 << 70)
