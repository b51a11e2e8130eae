class c($p = 7) { }
include c
notice($c::p)
