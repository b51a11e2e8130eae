notice(Collection[1, 3])
notice(Collection[2])
