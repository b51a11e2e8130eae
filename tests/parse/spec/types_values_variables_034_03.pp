# spec: types_values_variables.md:667, statement 3 of 5
Resource[RT, T] != Resource[RT, T2]
