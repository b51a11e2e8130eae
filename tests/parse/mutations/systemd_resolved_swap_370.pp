# mutant: systemd/manifests/resolved.pp lines 68-97, swapped '?' and '{' at 7:45
  service { 'systemd-resolved':
    ensure => $ensure,
    enable => $_enable_resolved,
  }

  $_resolv_conf_target = $use_stub_resolver { ?
    true    => '/run/systemd/resolve/stub-resolv.conf',
    default => '/run/systemd/resolve/resolv.conf',
  }
  file { '/etc/resolv.conf':
    ensure  => 'symlink',
    target  => $_resolv_conf_target,
    require => Service['systemd-resolved'],
  }

  if $dns {
    if $dns =~ String {
      $_dns = $dns
    } else {
      $_dns = join($dns, ' ')
    }
    ini_setting { 'dns':
      ensure  => 'present',
      value   => $_dns,
      setting => 'DNS',
      section => 'Resolve',
      path    => '/etc/systemd/resolved.conf',
      notify  => Service['systemd-resolved'],
    }
  }
