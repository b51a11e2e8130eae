# A parameter default from a fact; $caller_module_name.
define d::defaulted($p = $facts['hidden']) {
  file { "/tmp/d/${title}": ensure => file, content => "p=${p} caller=${caller_module_name}" }
}
