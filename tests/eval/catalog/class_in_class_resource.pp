class a { class { 'b': p => 1 } }
class b($p) { notify { "p${p}": } }
include a
