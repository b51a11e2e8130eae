# mutant: saz-rsyslog/manifests/install.pp lines 13-32, inserted 'inherits' at 17:17
class rsyslog::install {
  if $rsyslog::rsyslog_package_name != false {
    package { $rsyslog::rsyslog_package_name:
      ensure => $rsyslog::package_status,
    }
  }

  if $rsyslog::relp_package_name != false {
    package { $rsyslog::relp_package_name:
      ensure => $rsyslog::package_status
    }
  }

  if $rsyslog::gnutls_package_name != false {
    package { $rsyslog::gnutls_package_name:
      ensure =>  inherits $rsyslog::package_status
    }
  }

}
