# spec: expressions.md:918, statement 7 of 10
[1,2,3,4][-1]    # => 4
