class c { }
include c
notice("[${c::nope}]")
