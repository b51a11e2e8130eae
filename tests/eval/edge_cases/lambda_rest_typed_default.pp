with() |String *$x = 'hi'| { notice($x) }
with('a', 'b') |String *$x = 'hi'| { notice($x) }
with('a') |String *$x = 'hi'| { notice($x) }
