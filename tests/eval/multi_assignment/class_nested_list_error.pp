class c { $v = 1 }
include c
[$v, [$w]] = Class['c']
