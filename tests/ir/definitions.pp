type Port = Integer[1, 65535]
class web(Port $port = 80, String $root = "/srv/${port}") inherits base {
  notify { "web on ${port}": }
}
class base { $common = true }
define site::vhost(String $docroot, Boolean $ssl = false) {
  file { $docroot: ensure => directory, mode => '0755' }
}
node 'web01.example.com', /^db\d+/ { include web }
node default { }
site::vhost { ['a', 'b']: docroot => '/srv' }
@@file { '/exported': }
