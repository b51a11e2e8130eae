class c { notice('in c') }
include c
