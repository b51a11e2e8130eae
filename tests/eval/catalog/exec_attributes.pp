exec { 'run': command => '/bin/true', path => ['/bin', '/usr/bin'], creates => '/tmp/x', refreshonly => true }
