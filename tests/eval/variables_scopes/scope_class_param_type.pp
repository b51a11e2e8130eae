class c(Integer $p) { }
class { 'c': p => 'x' }
