# spec: types_values_variables.md:285, statement 1 of 6
Integer[1,10] > Integer[2,3]   # => true
