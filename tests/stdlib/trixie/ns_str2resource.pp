file { '/tmp/x': ensure => file }
notify { 'n': }
$r = stdlib::str2resource('File[/tmp/x]')
notify { 'after': require => stdlib::str2resource('Notify[n]') }
notice(type($r))
