# Declares a resource site.pp declares on some nodes: a duplicate there.
define d::dup() {
  file { '/tmp/d/dup': ensure => directory }
}
