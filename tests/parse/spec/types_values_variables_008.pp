# spec: types_values_variables.md:294
$value =~ Integer[1,10]

$value ? { Integer[1,10] => true }

case $value {
  Integer[1,10] : { true }
}
