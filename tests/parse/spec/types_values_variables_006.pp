# spec: types_values_variables.md:276
Integer[0, default]   # All positive (or 0) integers
Integer[1, default]   # All positive integers
Integer[default, 0]   # All negative (or 0) integers
Integer[default, -1]  # All negative integers
