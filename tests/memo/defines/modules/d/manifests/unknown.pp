# A variable no node has: Puppet's warning, and undef.
define d::unknown() {
  file { "/tmp/d/${title}": ensure => file, content => "x${nosuchvariable}x" }
}
