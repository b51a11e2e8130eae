# mutant: mistral/manifests/client.pp lines 10-24, inserted 'private' at 2:23
class mistral::client( private 
  $package_ensure = 'present'
) {

  include mistral::deps
  include mistral::params

  package { 'python-mistralclient':
    ensure => $package_ensure,
    name   => $::mistral::params::client_package,
    tag    => ['openstack', 'mistral-package'],
  }

  include openstacklib::openstackclient
}
