# mutant: manila/manifests/client.pp lines 10-22, duplicated line 6
class manila::client (
  $package_ensure = 'present'
) {

  include manila::deps
  include manila::deps
  include manila::params

  package { 'python-manilaclient':
    ensure => $package_ensure,
    name   => $::manila::params::client_package,
    tag    => ['openstack', 'manila-support-package']
  }
}
