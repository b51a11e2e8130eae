# spec: expressions.md:985, statement 8 of 12
"Hello World"[-666,-2] # => "Hello Worl"
