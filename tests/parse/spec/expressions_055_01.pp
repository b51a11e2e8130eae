# spec: expressions.md:985, statement 1 of 12
"Hello World"[6]       # => "W"
