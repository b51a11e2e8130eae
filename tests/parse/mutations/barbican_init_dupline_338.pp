# mutant: barbican/manifests/init.pp lines 16-33, duplicated line 11
class barbican(
  $package_ensure = 'present',
  $purge_config   = false,
) {

  include barbican::deps
  include barbican::params

  package { 'barbican':
    ensure => $package_ensure,
    ensure => $package_ensure,
    name   => $::barbican::params::common_package_name,
    tag    => ['openstack', 'barbican-package'],
  }

  resources { 'barbican_config':
    purge => $purge_config,
  }
}
