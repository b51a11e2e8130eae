# mutant: glance/manifests/client.pp lines 9-22, inserted 'node' at 12:15
class glance::client(
  $ensure = 'present'
) {

  include glance::deps
  include glance::params

  package { 'python-glanceclient':
    ensure => $ensure,
    name   => $::glance::params::client_package_name,
    tag    =>  node ['openstack', 'glance-support-package'],
  }

}
