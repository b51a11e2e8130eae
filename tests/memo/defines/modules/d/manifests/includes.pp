# `include` of a class evaluated already (a read), and of one evaluated
# already on some nodes only (elsewhere the include evaluates it).
define d::includes() {
  include d::params
  include d::late
  file { "/tmp/d/${title}": ensure => file, content => $d::late::v }
}
