class p { $pv = 'from parent' }
class c inherits p { $v = 2 }
include c
[$pv, $v] = Class['c']
notice($pv, $v)
