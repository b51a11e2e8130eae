type T = Integer[1, 5]
class c(T $p) { notice($p) }
class { 'c': p => 9 }
