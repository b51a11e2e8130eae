# spec: expressions.md:918, statement 4 of 10
[1,2,3,4][1,2]   # => [2,3]
