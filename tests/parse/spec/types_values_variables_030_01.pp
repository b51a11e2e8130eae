# spec: types_values_variables.md:585, statement 1 of 2
[1,2,3]      =~ Collection[1,3]  # true, size >= 1 and <= 3
