define d(Sensitive $p) { notify { $title: message => $p } }
d { x: p => Sensitive('hidden') }
class c(Sensitive[String] $q) { notify { cq: message => $q.unwrap } }
class { c: q => Sensitive('q') }
