class c($p) { }
include c
