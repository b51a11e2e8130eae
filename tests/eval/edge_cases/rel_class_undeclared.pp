class foo { }
notify { 'n': require => Class['foo'] }
