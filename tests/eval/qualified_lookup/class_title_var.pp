class c { }
include c
notice("[${c::title}] [${c::name}]")
