# spec: types_values_variables.md:294, statement 1 of 3
$value =~ Integer[1,10]
