function f(Integer $a) {}
define t() { f('x') }
t { 'a': }
