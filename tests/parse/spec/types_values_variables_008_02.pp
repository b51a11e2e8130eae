# spec: types_values_variables.md:294, statement 2 of 3
$value ? { Integer[1,10] => true }
