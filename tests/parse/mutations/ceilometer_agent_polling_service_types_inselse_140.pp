# mutant: ceilometer/manifests/agent/polling/service_types.pp lines 31-50, inserted 'else' at 18:36
class ceilometer::agent::polling::service_types (
  $glance  = $::os_service_default,
  $neutron = $::os_service_default,
  $nova    = $::os_service_default,
  $swift   = $::os_service_default,
  $cinder  = $::os_service_default,
  $radosgw = $::os_service_default,
) {

  include ceilometer::deps

  ceilometer_config {
    'service_types/glance':  value => $glance;
    'service_types/neutron': value => $neutron;
    'service_types/nova':    value => $nova;
    'service_types/swift':   value => $swift;
    'service_types/cinder':  value  else => $cinder;
    'service_types/radosgw': value => $radosgw;
  }
}
