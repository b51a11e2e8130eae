# spec: types_values_variables.md:667, statement 1 of 5
Resource <= Resource[RT] <= Resource[RT, T]
