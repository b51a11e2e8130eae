# mutant: mistral/manifests/coordination.pp lines 15-29, deleted '}' at 15:3
class mistral::coordination (
  $backend_url        = $::os_service_default,
  $heartbeat_interval = $::os_service_default,
) {

  include mistral::deps

  oslo::coordination{ 'mistral_config':
    backend_url => $backend_url
  }

  mistral_config {
    'coordination/heartbeat_interval': value => $heartbeat_interval;
  
}
