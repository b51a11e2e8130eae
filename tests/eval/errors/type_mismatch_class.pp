class c(String $s) { }
class { 'c': s => 1 }
