# A small site manifest: pjit compiles it for a node and prints the catalog.
#   cargo run --release -- compile web01.example.com examples/site.pp --facts examples/facts.json

type Port = Integer[1, 65535]

function site::vhost_name(String $host, Port $port = 80) >> String {
  $port ? {
    80      => $host,
    default => "${host}:${port}",
  }
}

class ntp(Array[String] $servers = ['0.pool.ntp.org', '1.pool.ntp.org']) {
  file { '/etc/ntp.conf':
    ensure  => file,
    content => $servers.map |$s| { "server ${s} iburst" }.join("\n"),
  }
  service { 'ntp': ensure => running, enable => true }
}

define site::vhost(Port $port = 80, String $docroot = "/var/www/${title}") {
  file { $docroot: ensure => directory }
  notify { "vhost ${site::vhost_name($title, $port)} serves ${docroot}": }
}

include ntp

$sites = { 'example.com' => 80, 'api.example.com' => 8443 }
$sites.each |$name, $port| {
  site::vhost { $name: port => $port }
}

$family = $facts['os']['family']
if $family =~ /^(Debian|RedHat)$/ {
  notice("managing a ${1} system with ${size($sites)} sites")
}
