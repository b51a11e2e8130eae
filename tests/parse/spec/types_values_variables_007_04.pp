# spec: types_values_variables.md:285, statement 4 of 6
Integer[1,10] > Integer[1,10]  # => false (not a subset, they are equal)
