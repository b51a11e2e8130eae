# spec: types_values_variables.md:431
type_of([Pattern[a], Pattern[b]]) # => Array[Type[Pattern[a,b]]]
