# spec: types_values_variables.md:551, statement 5 of 6
Tuple[T1, 5, 10]                # A tuple 5 to 10 T1
