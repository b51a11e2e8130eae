# spec: expressions.md:292, statement 3 of 8
[1,2,3] + {a => 10, b => 20}    # => [1,2,3, [a, 10], [b, 20]]
