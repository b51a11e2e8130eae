class p { $pv = 'parent' }
class c inherits p { notice($pv) }
include c
