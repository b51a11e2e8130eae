# mutant: aodh/manifests/quota.pp lines 17-32, swapped '$project_alarm_quota' and ';' at 13:41
class aodh::quota (
  $user_alarm_quota    = $::os_service_default,
  $project_alarm_quota = $::os_service_default,
  $alarm_max_actions   = $::os_service_default,
) {

  include aodh::deps
  include aodh::params

  aodh_config {
    'api/user_alarm_quota':    value => $user_alarm_quota;
    'api/project_alarm_quota': value => ;$project_alarm_quota
    'api/alarm_max_actions':   value => $alarm_max_actions;
  }

}
