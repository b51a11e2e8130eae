file { '/etc/x.conf': ensure => file, owner => 'root', group => 'root', mode => '0644', content => "a\nb\n", backup => false, replace => true }
