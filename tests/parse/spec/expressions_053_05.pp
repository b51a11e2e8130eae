# spec: expressions.md:948, statement 5 of 5
{'a'=>1, 'b'=>2, 'c'=>3}['x', 'b']    # => [2]
