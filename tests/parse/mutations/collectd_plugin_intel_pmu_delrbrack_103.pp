# mutant: collectd/manifests/plugin/intel_pmu.pp lines 2-21, deleted ']' at 8:25
class collectd::plugin::intel_pmu (
  Enum['present', 'absent'] $ensure                       = 'present',
  Optional[Boolean]         $report_hardware_cache_events = false,
  Optional[Boolean]         $report_kernel_pmu_events     = false,
  Optional[Boolean]         $report_software_events       = false,
  Optional[String]          $event_list                   = undef,
  Optional[Array[String]   $hardware_events              = undef,
) {

  include collectd

  if $hardware_events and $event_list == undef {
    fail('event_list must be defined if hardware_events is used.')
  }

  collectd::plugin { 'intel_pmu':
    ensure  => $ensure,
    content => template('collectd/plugin/intel_pmu.conf.erb'),
  }
}
