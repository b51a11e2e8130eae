# spec: expressions.md:985, statement 6 of 12
"Hello World"[-11,-2]  # => "Hello Worl"
