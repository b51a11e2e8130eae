class c($p) { notice($p) }
class { 'c': p => 5 }
