class c($x = 1) { notice($x) }
class { 'c': x => 2 }
include c
