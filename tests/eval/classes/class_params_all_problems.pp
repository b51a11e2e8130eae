class c(Integer $x, String $y, $z = 1) {}
class { 'c': x => 'a', foo => 1 }
