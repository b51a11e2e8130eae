# spec: expressions.md:985, statement 7 of 12
"Hello World"[-12,-2]  # => "Hello Worl"
