# mutant: tdc/manifests/init.pp lines 53-76, deleted '}' at 11:5
  Exec {
    path    => ['/usr/bin', '/usr/sbin', '/bin'],
  }

  file{ $checkrootdir:
      ensure => directory,
      owner  => 'root',
      group  => 'root',
      mode   => '0755',
    
  file{ "${checkrootdir}/${checkscriptdir}":
      ensure => directory,
      owner  => 'root',
      group  => 'root',
      mode   => '0755',
    }

  file{ "${checkrootdir}/${checkconfigdir}":
      ensure => directory,
      owner  => 'root',
      group  => 'root',
      mode   => '0755',
    }

