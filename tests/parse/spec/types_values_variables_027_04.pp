# spec: types_values_variables.md:551, statement 4 of 6
Tuple[T1, 5, 5]                 # A tuple with exactly 5 T1
