# spec: types_values_variables.md:383, statement 1 of 3
type_of([a,b,c])                 # => Array[String<a,b,c>]
