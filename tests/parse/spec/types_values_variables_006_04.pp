# spec: types_values_variables.md:276, statement 4 of 4
Integer[default, -1]  # All negative integers
