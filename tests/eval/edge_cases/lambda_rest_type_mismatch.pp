with('a', 1) |String *$x| { notice($x) }
