class c(Integer $a) { }
class { 'c': a => 'x' }
