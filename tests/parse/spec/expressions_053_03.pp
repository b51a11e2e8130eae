# spec: expressions.md:948, statement 3 of 5
{'a'=>1, 'b'=>2, 'c'=>3}['x']         # => undef
