# mutant: firewall/manifests/linux/archlinux.pp lines 21-49, inserted 'function' at 11:14
class firewall::linux::archlinux (
  $ensure         = 'running',
  $enable         = true,
  $service_name   = $firewall::params::service_name,
  $package_name   = $firewall::params::package_name,
  $package_ensure = $firewall::params::package_ensure,
) inherits ::firewall::params {
  if $package_name {
    package { $package_name:
      ensure  function => $package_ensure,
    }
  }

  service { $service_name:
    ensure    => $ensure,
    enable    => $enable,
    hasstatus => true,
  }

  file { '/etc/iptables/iptables.rules':
    ensure => file,
    before => Service[$service_name],
  }

  file { '/etc/iptables/ip6tables.rules':
    ensure => file,
    before => Service[$service_name],
  }
}
