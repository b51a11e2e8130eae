class c(Integer $a) {}
define t() { class { 'c': a => 'x' } }
t { 'a': }
