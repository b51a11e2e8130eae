# spec: expressions.md:918, statement 5 of 10
[1,2,3][100]     # => undef
