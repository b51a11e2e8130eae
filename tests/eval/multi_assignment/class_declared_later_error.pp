[$v] = Class['c']
class c { $v = 1 }
include c
