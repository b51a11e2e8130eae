# spec: expressions.md:948, statement 4 of 5
{'a'=>1, 'b'=>2, 'c'=>3}['x', 'y']    # => []
