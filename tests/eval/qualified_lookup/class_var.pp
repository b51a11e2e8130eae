class c { $x = 1 }
include c
notice($c::x)
