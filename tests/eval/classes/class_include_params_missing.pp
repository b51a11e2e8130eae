class c(Integer $x = 'a', String $y, String $z) {}
include c
