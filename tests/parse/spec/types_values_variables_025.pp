# spec: types_values_variables.md:530
Struct[{mode=>Enum[read, write, update], path=>String[1]}]
