# spec: types_values_variables.md:276, statement 1 of 4
Integer[0, default]   # All positive (or 0) integers
