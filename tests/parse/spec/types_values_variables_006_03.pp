# spec: types_values_variables.md:276, statement 3 of 4
Integer[default, 0]   # All negative (or 0) integers
