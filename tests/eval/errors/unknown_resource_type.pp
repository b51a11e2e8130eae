foobar { 'x': }
