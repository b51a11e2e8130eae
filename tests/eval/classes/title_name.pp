class c { notice("${title} ${name}") }
include c
