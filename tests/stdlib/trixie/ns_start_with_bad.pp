notice(stdlib::start_with('foobar', ''))
