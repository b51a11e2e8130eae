# spec: expressions.md:680
[1,2,3] =~ Array[Integer]          # => true
[1,999,5] =~ Array[Integer[1,10]]  # => false (one value > 10)
