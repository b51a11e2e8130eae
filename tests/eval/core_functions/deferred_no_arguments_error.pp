notice(Deferred())
