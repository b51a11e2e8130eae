# spec: types_values_variables.md:285, statement 3 of 6
Integer[1,10] > Integer[0,5]   # => false (overlap)
