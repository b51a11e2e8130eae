include stdlib
file_line { 'hosts': path => '/etc/hosts', line => '127.0.0.1 x' }
