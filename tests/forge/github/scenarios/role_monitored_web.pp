# A role combining GitHub and Debian modules: nginx, the node exporter,
# sudo rules, the firewall.
class role::monitored_web {
  class { 'nginx': }
  nginx::resource::server { $facts['networking']['fqdn']:
    www_root => '/var/www/html',
  }
  class { 'prometheus::node_exporter': version => '1.8.2' }
  class { 'sudo': }
  sudo::conf { 'web': content => 'www-data ALL=(root) NOPASSWD: /usr/sbin/nginx -s reload' }
  firewall { '080 http': dport => [80, 443, 9100], proto => 'tcp', jump => 'accept' }
}
include role::monitored_web
