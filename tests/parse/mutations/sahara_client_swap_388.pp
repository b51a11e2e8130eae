# mutant: sahara/manifests/client.pp lines 11-26, swapped ''python-saharaclient' and ':' at 9:13
class sahara::client (
  $package_ensure = 'present'
) {

  include sahara::deps
  include sahara::params

  package { :'python-saharaclient'
    ensure => $package_ensure,
    name   => $::sahara::params::client_package_name,
    tag    => 'openstack',
  }

  include openstacklib::openstackclient

}
