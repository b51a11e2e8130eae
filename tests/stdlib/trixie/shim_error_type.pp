notice(merge(1))
