# mutant: collectd/manifests/plugin/thermal.pp lines 2-16, duplicated line 2
class collectd::plugin::thermal (
class collectd::plugin::thermal (
  Array $devices          = [],
  $ensure                 = 'present',
  Boolean $ignoreselected = false,
  $interval               = undef,
) {

  include collectd

  collectd::plugin { 'thermal':
    ensure   => $ensure,
    content  => template('collectd/plugin/thermal.conf.erb'),
    interval => $interval,
  }
}
