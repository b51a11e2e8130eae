# spec: expressions.md:918, statement 2 of 10
[1,2,3][2,1]     # => [3]
