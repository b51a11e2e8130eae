# spec: types_values_variables.md:551, statement 1 of 6
Tuple[T1, T2]                   # A tuple of exactly T1 and T2
