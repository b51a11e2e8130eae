file { 'x': path => '/tmp/x/' }
file { '/tmp/x': }
