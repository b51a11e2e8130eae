# mutant: cloudkitty/manifests/orchestrator.pp lines 19-39, duplicated line 13
class cloudkitty::orchestrator (
  $coordination_url = $::os_service_default,
  $max_workers      = $::os_service_default,
  $max_threads      = $::os_service_default
) {

  include cloudkitty::deps

  $max_workers_real = pick($::cloudkitty::processor::max_workers, $max_workers)

  oslo::coordination{ 'cloudkitty_config':
    backend_url   => $coordination_url,
    backend_url   => $coordination_url,
    manage_config => false,
  }

  cloudkitty_config {
    'orchestrator/coordination_url': value => $coordination_url;
    'orchestrator/max_workers':      value => $max_workers_real;
    'orchestrator/max_threads':      value => $max_threads;
  }
}
