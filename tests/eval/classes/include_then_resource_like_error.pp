class c($x = 1) { }
include c
class { 'c': x => 2 }
