class c(Init[Iterable] $x) { notice($x) }
class { c: x => 1 }
