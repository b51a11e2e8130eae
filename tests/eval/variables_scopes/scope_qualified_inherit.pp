class p { $pv = 'parent' }
class c inherits p { }
include c
notice($c::pv)
