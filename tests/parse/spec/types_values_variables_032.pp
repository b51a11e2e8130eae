# spec: types_values_variables.md:605 (type-algebra lines left out)
Variant[Optional[T]] == Variant[T, Undef] == Optional[Variant[T]] == Optional[T]
