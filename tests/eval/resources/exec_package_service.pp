package { 'nginx': ensure => installed }
service { 'nginx': ensure => running, require => Package['nginx'] }
exec { 'reload': command => '/bin/true', refreshonly => true }
