# spec: expressions.md:356, statement 3 of 6
[1,2,b] - {a => 1, b => 20}     # => [2]
