# Batch mode over Debian's modules: each node includes different modules,
# several of them sharing stdlib, concat and systemd.
node 'ntp1.example.com' {
  include ntp
}
node 'db1.example.com' {
  class { 'mysql::server': root_password => 'secret' }
  mysql::db { 'app': user => 'app', password => 'pw', host => 'localhost', grant => ['ALL'] }
}
node 'lb1.example.com' {
  include haproxy
  haproxy::listen { 'web': ipaddress => '0.0.0.0', ports => '80' }
}
node 'cache1.example.com' {
  include ntp
  class { 'memcached': max_memory => 128, listen_ip => '127.0.0.1' }
  include redis
}
node default {
  include apt
  apt::source { 'debian': location => 'http://deb.debian.org/debian', release => 'bookworm', repos => 'main' }
}
