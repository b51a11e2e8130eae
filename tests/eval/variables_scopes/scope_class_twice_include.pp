class c { notice('once') }
include c
include c
notice(defined(Class['c']))
