# spec: expressions.md:985, statement 11 of 12
"Hello World"[-13, 2]  # => ""
