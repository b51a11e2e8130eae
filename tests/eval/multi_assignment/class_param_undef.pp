class c($p = undef) { }
include c
[$p] = Class['c']
notice($p == undef)
