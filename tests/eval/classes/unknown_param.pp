class c($x = 1) { }
class { 'c': y => 2 }
