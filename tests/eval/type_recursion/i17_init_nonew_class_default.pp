class c(Init[Iterable] $x = 1) { notice($x) }
include c
