class c { $v = 1 }
include c
[$w] = Class['c']
