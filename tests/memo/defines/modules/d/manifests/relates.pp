# A relationship between references; its target exists on some nodes only
# (the others fail when relationships are resolved).
define d::relates() {
  file { "/tmp/d/${title}": ensure => file }
  File["/tmp/d/${title}"] -> Notify['anchor']
}
