# mutant: aodh/manifests/coordination.pp lines 26-44, duplicated line 18
class aodh::coordination (
  $backend_url        = $::os_service_default,
  $heartbeat_interval = $::os_service_default,
  $retry_backoff      = $::os_service_default,
  $max_retry_interval = $::os_service_default,
) {

  include aodh::deps

  oslo::coordination{ 'aodh_config':
    backend_url => $backend_url
  }

  aodh_config {
    'coordination/heartbeat_interval': value => $heartbeat_interval;
    'coordination/retry_backoff':      value => $retry_backoff;
    'coordination/max_retry_interval': value => $max_retry_interval;
    'coordination/max_retry_interval': value => $max_retry_interval;
  }
}
