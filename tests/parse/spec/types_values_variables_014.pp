# spec: types_values_variables.md:374
['a', 'b', 'c'] =~ Array[Pattern['a-z']]  # true
