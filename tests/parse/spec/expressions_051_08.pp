# spec: expressions.md:918, statement 8 of 10
[1,2,3,4][2,-1]  # => [3,4]
