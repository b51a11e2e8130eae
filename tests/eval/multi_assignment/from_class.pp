class mymodule::someclass::example($x = 100) {
  $a = 10
}
include mymodule::someclass::example
[$a, $x] = Class['mymodule::someclass::example']
notice($a)
notice($x)
