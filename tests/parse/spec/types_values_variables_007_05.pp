# spec: types_values_variables.md:285, statement 5 of 6
Integer[1,10] >= Integer[1,10] # => true (they are equal)
