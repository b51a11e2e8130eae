# Log lines: a notice naming the instance, a warning.
define d::talks() {
  notice("talking in ${title}")
  warning('a warning')
  file { "/tmp/d/${title}": ensure => file }
  notice('after the file')
}
