# spec: types_values_variables.md:383, statement 2 of 3
String<a,b,c> == String<b,c,a>   # => true
