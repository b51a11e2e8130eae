class { 'apache': port => 80 }
class { 'a': ; 'b': x => 1 }
