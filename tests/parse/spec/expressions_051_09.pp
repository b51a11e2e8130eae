# spec: expressions.md:918, statement 9 of 10
[1,2,3,4][-5,-3] # => [1,2]
