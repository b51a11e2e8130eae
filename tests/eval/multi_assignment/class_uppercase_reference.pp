class c { $v = 1 }
include c
[$v] = Class['C']
notice($v)
