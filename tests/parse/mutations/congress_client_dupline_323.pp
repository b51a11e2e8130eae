# mutant: congress/manifests/client.pp lines 9-24, duplicated line 6
class congress::client (
  $ensure = 'present'
) {

  include congress::deps
  include congress::deps
  include congress::params

  package { 'python-congressclient':
    ensure => $ensure,
    name   => $::congress::params::client_package_name,
    tag    => 'openstack',
  }

  include '::openstacklib::openstackclient'

}
