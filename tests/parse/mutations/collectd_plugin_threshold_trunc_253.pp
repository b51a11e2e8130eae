# mutant: collectd/manifests/plugin/threshold.pp lines 2-17, truncated at 4:56
class collectd::plugin::threshold (
  Enum['present', 'absent']          $ensure   = 'present',
  Optional[Integer]                  $interval = undef,