# defined() of a resource the instance declared itself.
define d::own() {
  file { "/tmp/d/${title}": ensure => file }
  if defined(File["/tmp/d/${title}"]) {
    notify { "own ${title} seen": }
  }
}
