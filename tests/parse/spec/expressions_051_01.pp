# spec: expressions.md:918, statement 1 of 10
[1,2,3][2]       # => 3
