# spec: expressions.md:985, statement 4 of 12
"Hello World"[-5,-1]   # => "World"
