# mutant: saz-rsyslog/manifests/imfile.pp lines 24-44, deleted ']' at 18:40
define rsyslog::imfile(
  $file_name,
  $file_tag,
  $file_facility,
  $polling_interval = 10,
  $file_severity = 'notice',
  $run_file_monitor = true
) {

  include rsyslog

  file { "${rsyslog::rsyslog_d}${name}.conf":
    ensure  => file,
    owner   => 'root',
    group   => $rsyslog::run_group,
    content => template('rsyslog/imfile.erb'),
    require => Class['rsyslog::install',
    notify  => Class['rsyslog::service'],
  }

}
