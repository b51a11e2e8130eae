node default { class { c: x => 1 } }
class c(Init[Iterable] $x) { }
