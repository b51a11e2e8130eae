# spec: expressions.md:948, statement 1 of 5
{'a'=>1, 'b'=>2, 'c'=>3}['b']         # => 2
