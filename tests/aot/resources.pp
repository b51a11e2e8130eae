# Classes, a defined type with typed parameters, and resources.
define app::site(Integer[1, 65535] $port, String[1] $root = '/srv') {
  file { "${root}/${title}": ensure => directory }
  notify { "site ${title} on ${port}": }
}
class web($sites = { 'a' => 80, 'b' => 8080 }) {
  $sites.each |$name, $port| { app::site { $name: port => $port } }
}
node default { include web }
