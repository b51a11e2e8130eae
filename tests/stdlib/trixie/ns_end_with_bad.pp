notice(stdlib::end_with('foobar', []))
