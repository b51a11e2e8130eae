# spec: expressions.md:985, statement 2 of 12
"Hello World"[1,3]     # => "ell"
