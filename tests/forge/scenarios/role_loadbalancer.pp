# A load balancer role: HAProxy, firewall, systemd tuning, memcached for sessions.
class role::loadbalancer(
  Hash[String, Stdlib::IP::Address] $members = { 'app1' => '10.0.0.21', 'app2' => '10.0.0.22' },
) {
  class { 'haproxy': }
  haproxy::listen { 'app': ipaddress => '0.0.0.0', ports => '80', collect_exported => false }
  $members.each |$name, $ip| {
    haproxy::balancermember { $name:
      listening_service => 'app',
      server_names      => $name,
      ipaddresses       => $ip,
      ports             => '8080',
      options           => 'check',
    }
  }
  firewall { '080 lb': dport => 80, proto => 'tcp', jump => 'accept' }
  systemd::dropin_file { 'haproxy-limits.conf':
    unit    => 'haproxy.service',
    content => "[Service]\nLimitNOFILE=100000\n",
  }
  class { 'memcached': listen => '127.0.0.1', max_memory => 512 }
}
include role::loadbalancer
