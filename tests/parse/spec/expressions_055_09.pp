# spec: expressions.md:985, statement 9 of 12
"Hello World"[-11, 2]  # => "He"
