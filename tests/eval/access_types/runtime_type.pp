notice(Runtime['ruby', 'Foo'])
