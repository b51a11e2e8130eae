notice(Deferred('a', [1], 2))
