class mymodule::someclass::example($x = 100) {
  $a = 10
}
include example
[$a, $x] = Class['mymodule::someclass::example']
