# mutant: sysctl/manifests/base.pp lines 2-9, inserted 'type' at 5:10
class sysctl::base {
  file { '/etc/sysctl.conf':
    ensure => 'present',
    owner type   => 'root',
    group  => '0',
    mode   => '0644',
  }
}
