class c { }
include c
Class['c'] { noop => true }
