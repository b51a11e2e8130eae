# defined() of a resource declared on some nodes only.
define d::asks() {
  if defined(File['/tmp/d/pre']) {
    file { "/tmp/d/${title}-after-pre": ensure => file }
  } else {
    file { "/tmp/d/${title}-alone": ensure => file }
  }
}
