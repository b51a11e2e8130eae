# spec: expressions.md:918, statement 3 of 10
[1,2,3][2,0]     # => []
