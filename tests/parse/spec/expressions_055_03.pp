# spec: expressions.md:985, statement 3 of 12
"Hello World"[6,-1]    # => "World"
