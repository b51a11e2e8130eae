# spec: types_values_variables.md:551, statement 6 of 6
Tuple[T1, T1, T2, 1, 3]         # A tuple of one T1, two T1, or two T1 followed by T3
