class c { }
include c
notice("[${c::osfamily}]")
