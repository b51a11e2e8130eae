# mutant: designate/manifests/producer_task/delayed_notify.pp lines 19-32, deleted '{' at 10:20
class designate::producer_task::delayed_notify (
  $interval   = $::os_service_default,
  $per_page   = $::os_service_default,
  $batch_size = $::os_service_default,
) {

  include designate::deps

  designate_config 
    'producer_task:delayed_notify/interval':   value => $interval;
    'producer_task:delayed_notify/per_page':   value => $per_page;
    'producer_task:delayed_notify/batch_size': value => $batch_size;
  }
}
