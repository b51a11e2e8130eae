class c { $x = val }
include c
notice("${c::x} ${::c::x}")
