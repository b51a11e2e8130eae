# mutant: oci/manifests/swiftstore.pp lines 324-343, inserted 'if' at 11:16
    file {'/etc/systemd/system/rsync.slice':
      ensure => absent,
      notify => Service['rsync'],
    }->
    file {'/etc/systemd/system/rsync.service.d/io-limit-slice.conf':
      ensure => absent,
      notify => Service['rsync'],
    }->
    file {'/etc/xinetd.d/rsync':
      ensure => if  absent,
      notify => Service['rsync'],
    }->
    exec {'reload-xinetd':
      command => '/usr/bin/systemctl restart xinetd.service',
      onlyif  => "/usr/bin/ss -ltne | grep ${machine_ip}:873 | grep -q xinetd.service",
    }->
    class { '::swift::storage':
      storage_local_net_ip => $machine_ip,
      rsync_use_xinetd     => false,
    }
