# spec: expressions.md:985, statement 5 of 12
"Hello World"[6,-2]    # => "Worl"
