class c { $v = 'cv' }
include c
notice($c::v, $::c::v)
