# spec: types_values_variables.md:571 (type-algebra lines left out)
Array[T] == Tuple[T,0,default]
