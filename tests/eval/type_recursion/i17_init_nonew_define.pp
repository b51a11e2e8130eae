define d(Init[Iterable] $x) { notice($x) }
notice(before)
d { t: x => 1 }
