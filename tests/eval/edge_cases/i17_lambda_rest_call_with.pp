notice(with() |String *$x = 'hi'| { $x })
notice(with('a', 'b') |String *$x = 'hi'| { $x })
