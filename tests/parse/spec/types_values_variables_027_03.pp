# spec: types_values_variables.md:551, statement 3 of 6
Tuple[T1, T2, 1, 3]             # A tuple with a variable number of T2 (0-3 inclusive)
