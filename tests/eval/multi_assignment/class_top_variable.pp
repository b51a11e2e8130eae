$top = 1
class c { $v = 2 }
include c
[$top2, $v] = Class['c']
