# spec: expressions.md:356, statement 2 of 6
[1,2,3] - 3                     # => [1,2]
