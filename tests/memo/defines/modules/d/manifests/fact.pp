# A fact read in the body (an unqualified variable of the top scope).
define d::fact() {
  file { "/tmp/d/${title}": ensure => file, content => "hidden=${::hidden}" }
}
