notice(URI({bogus => 'x'}))
