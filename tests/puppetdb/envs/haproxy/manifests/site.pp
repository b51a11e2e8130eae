# A load balancer whose members are the web nodes that export themselves
# (puppetlabs-haproxy 2.1, Debian 12's; Debian 13's 8.2 calls the Ruby
# function haproxy::validate_ip_addr, which pjit does not run natively yet).
node /^web\d+\.test$/ {
  @@haproxy::balancermember { $facts['networking']['fqdn']:
    listening_service => 'app',
    server_names      => $facts['networking']['hostname'],
    ipaddresses       => $facts['networking']['ip'],
    ports             => '8080',
    options           => ['check', 'inter 2000'],
  }
  @@haproxy::balancermember { "${facts['networking']['hostname']}-admin":
    listening_service => 'admin',
    server_names      => $facts['networking']['hostname'],
    ipaddresses       => $facts['networking']['ip'],
    ports             => '9000',
  }
}
node 'lb.test' {
  class { 'haproxy': }
  haproxy::listen { 'app':
    ipaddress => $facts['networking']['ip'],
    ports     => '80',
    mode      => 'http',
    options   => { 'balance' => 'roundrobin', 'option' => ['httpchk GET /health'] },
  }
  haproxy::listen { 'admin':
    ipaddress => '127.0.0.1',
    ports     => '9090',
  }
  Haproxy::Balancermember <<| listening_service == 'app' |>>
  Haproxy::Balancermember <<| listening_service == 'admin' and title != 'web2-admin' |>>
}
