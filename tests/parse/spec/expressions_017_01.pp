# spec: expressions.md:356, statement 1 of 6
[1,2,3,4,5,6] - [4,5,6]         # => [1,2,3]
