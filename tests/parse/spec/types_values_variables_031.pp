# spec: types_values_variables.md:599
$array_of_numbers =~ Array[Variant[Integer[1000, 1999], Integer[10000, default]]]
