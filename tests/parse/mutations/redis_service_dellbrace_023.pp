# mutant: redis/manifests/service.pp lines 5-16, deleted '{' at 2:22
class redis::service 
  if $::redis::service_manage {
    service { $::redis::service_name:
      ensure     => $::redis::service_ensure,
      enable     => $::redis::service_enable,
      hasrestart => $::redis::service_hasrestart,
      hasstatus  => $::redis::service_hasstatus,
      provider   => $::redis::service_provider,
    }
  }
}

