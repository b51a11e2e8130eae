file { '/tmp/x': ensure => file }
file { 'other': path => '/tmp/x' }
