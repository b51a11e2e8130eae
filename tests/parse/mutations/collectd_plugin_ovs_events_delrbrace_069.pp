# mutant: collectd/manifests/plugin/ovs_events.pp lines 45-70, deleted '}' at 27:1
class collectd::plugin::ovs_events (
  Optional[Stdlib::Host] $address      = undef,
  Optional[Boolean] $dispatch          = undef,
  String $ensure                       = 'present',
  Optional[Array] $interfaces          = [],
  Boolean $manage_package              = true,
  Optional[Boolean] $send_notification = undef,
  String $package_name                 = 'collectd-ovs-events',
  Optional[Integer] $port              = undef,
  Optional[String] $socket             = undef,
) {

  include collectd

  if $manage_package {
    package { 'collectd-ovs-events':
      ensure => $ensure,
      name   => $package_name,
    }
  }

  collectd::plugin { 'ovs_events':
    ensure  => $ensure,
    content => template('collectd/plugin/ovs_events.conf.erb'),
  }

