class c($p) { }
class { 'c': p => { [1] => 2, 3 => [4] } }
