class c($a = 1) { notify { "a=${a}": } }
class { 'c': a => 2 }
include c
