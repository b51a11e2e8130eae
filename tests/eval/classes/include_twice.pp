class c { notice('once') }
include c
include c
