# spec: types_values_variables.md:383 (type-algebra lines left out)
type_of([a,b,c])                 # => Array[String<a,b,c>]
String<a,b,c> == String<b,c,a>   # => true
typeof([String<a,b>, String<c>]) # => Array[Type[String<a,b,c>]]
