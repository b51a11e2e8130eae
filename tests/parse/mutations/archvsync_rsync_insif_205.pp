# mutant: archvsync/manifests/rsync.pp lines 87-95, inserted 'if' at 7:31
    file { '/etc/default/rsync':
      ensure                  => file,
      owner                   => "root",
      content                 => 'RSYNC_ENABLE=true
',
      selinux_ignore_defaults  if => true,
      mode                    => '0644',
      notify                  => Service['rsync'],
    }
