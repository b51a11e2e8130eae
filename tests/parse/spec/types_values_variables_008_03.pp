# spec: types_values_variables.md:294, statement 3 of 3
case $value {
  Integer[1,10] : { true }
}
