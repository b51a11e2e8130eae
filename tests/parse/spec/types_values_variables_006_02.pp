# spec: types_values_variables.md:276, statement 2 of 4
Integer[1, default]   # All positive integers
