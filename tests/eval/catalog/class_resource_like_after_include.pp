class c($a = 1) { }
include c
class { 'c': a => 2 }
