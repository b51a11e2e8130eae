[1].each |Init[Iterable] $x| { notice($x) }
