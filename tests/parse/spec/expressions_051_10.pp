# spec: expressions.md:918, statement 10 of 10
[1,2,3,4][2,-3]  # => []
