notice(Deferred('BAD'))
