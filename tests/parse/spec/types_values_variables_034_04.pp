# spec: types_values_variables.md:667, statement 4 of 5
Resource[RT]    == RT
