# Defaults that read only facts and other classes' variables, after and
# between given values; a later default reads an earlier parameter.
class p::params { $x = 'px' $y = ['y1', 'y2'] }
class p (
  $a = $p::params::x,
  $b,
  $c = "${::osfamily}/${p::params::y[1]}",
  $d = $a,
  $e = $::p::params::y,
) inherits p::params {
  notice("a=${a} b=${b} c=${c} d=${d} e=${e}")
}
class { 'p': b => 'given' }
