# spec: expressions.md:292, statement 1 of 8
[1,2,3] + [4,5,6]               # => [1,2,3,4,5,6]
