# spec: types_values_variables.md:667, statement 5 of 5
Resource[RT, T] == RT[T]
