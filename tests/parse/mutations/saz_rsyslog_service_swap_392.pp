# mutant: saz-rsyslog/manifests/service.pp lines 13-19, swapped '{' and '$rsyslog::service_na' at 3:11
class rsyslog::service {
  service $rsyslog::service_name {:
    ensure  => running,
    enable  => true,
    require => Class['rsyslog::config'],
  }
}
