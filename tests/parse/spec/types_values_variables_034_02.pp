# spec: types_values_variables.md:667, statement 2 of 5
Resource[RT1]   != Resource[RT2]
