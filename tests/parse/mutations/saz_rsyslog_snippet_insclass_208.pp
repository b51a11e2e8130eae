# mutant: saz-rsyslog/manifests/snippet.pp lines 18-34, inserted 'class' at 11:10
define rsyslog::snippet(
  $content,
  $ensure = 'present'
) {

  include rsyslog

  file { "${rsyslog::rsyslog_d}${name}.conf":
    ensure  => $ensure,
    owner class    => $rsyslog::run_user,
    group   => $rsyslog::run_group,
    content => "# file managed by puppet\n${content}\n",
    require => Class['rsyslog::config'],
    notify  => Class['rsyslog::service'],
  }

}
