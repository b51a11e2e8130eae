# A template that reads a fact.
define d::templated() {
  file { "/tmp/d/${title}": ensure => file, content => template('d/t.erb') }
}
