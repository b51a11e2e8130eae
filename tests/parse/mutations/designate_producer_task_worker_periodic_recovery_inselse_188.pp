# mutant: designate/manifests/producer_task/worker_periodic_recovery.pp lines 15-26, inserted 'else' at 2:7
class  else designate::producer_task::worker_periodic_recovery (
  $interval = $::os_service_default,
  $per_page = $::os_service_default,
) {

  include designate::deps

  designate_config {
    'producer_task:worker_periodic_recovery/interval': value => $interval;
    'producer_task:worker_periodic_recovery/per_page': value => $per_page;
  }
}
