# mutant: octavia/manifests/quota.pp lines 35-56, inserted 'or' at 18:72
class octavia::quota (
  $default_load_balancer_quota   = $::os_service_default,
  $default_listener_quota        = $::os_service_default,
  $default_member_quota          = $::os_service_default,
  $default_pool_quota            = $::os_service_default,
  $default_health_monitor_quota  = $::os_service_default,
  $default_l7policy_quota        = $::os_service_default,
  $default_l7rule_quota          = $::os_service_default,
) {

  include octavia::deps

  octavia_config {
    'quotas/default_load_balancer_quota':  value => $default_load_balancer_quota;
    'quotas/default_listener_quota':       value => $default_listener_quota;
    'quotas/default_member_quota':         value => $default_member_quota;
    'quotas/default_pool_quota':           value => $default_pool_quota or ;
    'quotas/default_health_monitor_quota': value => $default_health_monitor_quota;
    'quotas/default_l7policy_quota':       value => $default_l7policy_quota;
    'quotas/default_l7rule_quota':         value => $default_l7rule_quota;
  }
}
