function noisy() { notice('default evaluated') 'd' }
class c(Integer $x, String $y = noisy(), String $z) {}
class { 'c': x => 'a' }
