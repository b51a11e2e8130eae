class c($p = 7) { }
class { 'c': p => 8 }
notice($c::p)
