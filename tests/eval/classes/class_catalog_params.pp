class c($x = 1, $y = undef) { }
class { 'c': x => 5 }
