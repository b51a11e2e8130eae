define d(Init[Iterable] $x = 1) { notice($x) }
d { t: }
