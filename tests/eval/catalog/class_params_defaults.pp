class c(String $a, Integer $b = 2, $c = undef) { notify { "${a}-${b}": } }
class { 'c': a => 'x' }
