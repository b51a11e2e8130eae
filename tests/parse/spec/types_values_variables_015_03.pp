# spec: types_values_variables.md:383, statement 3 of 3
typeof([String<a,b>, String<c>]) # => Array[Type[String<a,b,c>]]
