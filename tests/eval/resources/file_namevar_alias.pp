file { 'f': path => '/tmp/real' }
