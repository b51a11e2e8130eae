file { '/tmp/real': alias => 'short' }
notify { 'n': require => File['short'] }
