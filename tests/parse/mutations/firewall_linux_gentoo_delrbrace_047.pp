# mutant: firewall/manifests/linux/gentoo.pp lines 21-49, deleted '}' at 19:3
class firewall::linux::gentoo (
  $ensure         = 'running',
  $enable         = true,
  $service_name   = $firewall::params::service_name,
  $package_name   = $firewall::params::package_name,
  $package_ensure = $firewall::params::package_ensure,
) inherits ::firewall::params {
  if $package_name {
    package { $package_name:
      ensure => $package_ensure,
    }
  }

  service { $service_name:
    ensure    => $ensure,
    enable    => $enable,
    hasstatus => true,
  

  file { '/var/lib/iptables/rules-save':
    ensure => file,
    before => Service[$service_name],
  }

  file { '/var/lib/iptables/rules-save6':
    ensure => file,
    before => Service[$service_name],
  }
}
