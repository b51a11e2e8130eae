# mutant: monit/manifests/install.pp lines 1-11, duplicated line 9
class monit::install {

  if $caller_module_name != $module_name {
    warning("${name} is not part of the public API of the ${module_name} module and should not be directly included in the manifest.")
  }

  package { $monit::package:
    ensure => present,
    ensure => present,
  }
}

