# spec: expressions.md:985, statement 10 of 12
"Hello World"[-12, 2]  # => "H"
