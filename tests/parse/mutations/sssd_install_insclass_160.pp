# mutant: sssd/manifests/install.pp lines 7-13, inserted 'class' at 8:2
class sssd::install {
  if $sssd::manage_package {
    package {$sssd::package_name:
      ensure => $sssd::package_ensure
    }
  }
} class 
