class c($p = $::osfamily) { notice($p) }
include c
