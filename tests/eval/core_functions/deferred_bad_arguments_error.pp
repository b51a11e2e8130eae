notice(Deferred('join', 'notarray'))
