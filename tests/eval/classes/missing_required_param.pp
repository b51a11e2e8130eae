class c($x) { }
include c
