class c { define d() { notice("d ${title}") } 
 c::d { 'x': } }
include c
