# mutant: etcd/manifests/service.pp lines 5-12, inserted 'case' at 9:1
class etcd::service {
  if $::etcd::manage_service {
    service { 'etcd':
      ensure => $::etcd::service_ensure,
      enable => $::etcd::service_enable,
    }
  }
 case }
