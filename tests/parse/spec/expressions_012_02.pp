# spec: expressions.md:292, statement 2 of 8
[1,2,3] + 4                     # => [1,2,3,4]
