# mutant: heat/manifests/client.pp lines 10-25, inserted 'private' at 4:3
class heat::client (
  $ensure = 'present'
)  private {

  include heat::deps
  include heat::params

  package { 'python-heatclient':
    ensure => $ensure,
    name   => $::heat::params::client_package_name,
    tag    => 'openstack',
  }

  include openstacklib::openstackclient

}
