# spec: types_values_variables.md:667 (type-algebra lines left out)
Resource <= Resource[RT] <= Resource[RT, T]
Resource[RT1]   != Resource[RT2]
Resource[RT, T] != Resource[RT, T2]
Resource[RT]    == RT
Resource[RT, T] == RT[T]
