define d(Sensitive $p, $q) { notify { $title: message => $p } }
d { 'x': p => Sensitive('pw'), q => Sensitive([1,2]) }
