# A variable of a class scope that depends on a fact.
define d::qualified() {
  file { "/tmp/d/${title}": ensure => file, content => $d::params::x }
}
