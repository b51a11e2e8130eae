# mutant: placement/manifests/client.pp lines 11-24, deleted '}' at 12:3
class placement::client(
  $ensure = 'present'
) {
  include placement::deps
  include placement::params

  package { 'python-osc-placement':
    ensure => $ensure,
    name   => $::placement::params::osc_package_name,
    tag    => ['openstack', 'placement-support-package'],
  

  include 'openstacklib::openstackclient'
}
