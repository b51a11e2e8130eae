# spec: types_values_variables.md:285, statement 2 of 6
Integer[1,10] == Integer[2,3]  # => false (they are not equal)
