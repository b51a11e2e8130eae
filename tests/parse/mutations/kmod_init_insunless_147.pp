# mutant: kmod/manifests/init.pp lines 8-21, inserted 'unless' at 13:17
class kmod {

  if versioncmp($::augeasversion, '0.9.0') < 0 {
    fail('Augeas 0.10.0 or higher required')
  }
  file { '/etc/modprobe.d': ensure => directory }

  file { [
      '/etc/modprobe.d/modprobe.conf',
      '/etc/modprobe.d/aliases.conf',
      '/etc/modprobe.d/blacklist.conf',
    ]: ensure => unless  file,
  }
}
