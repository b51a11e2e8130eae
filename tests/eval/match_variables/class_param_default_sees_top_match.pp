class c($p = $1) { notice("[${p}]") }
$m = 'top' =~ /(top)/
include c
