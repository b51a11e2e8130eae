# puppetlabs-haproxy 8.2: a load balancer with a listen section and members.
class { 'haproxy':
  global_options   => { 'maxconn' => '8000' },
  defaults_options => { 'timeout' => ['connect 5s', 'client 30s', 'server 30s'] },
}
haproxy::listen { 'web':
  collect_exported => false,
  ipaddress        => $facts['networking']['ip'],
  ports            => '80',
  options          => { 'balance' => 'roundrobin', 'option' => ['httpchk GET /health'] },
}
haproxy::balancermember { 'web01':
  listening_service => 'web',
  server_names      => 'web01.example.com',
  ipaddresses       => '10.0.0.11',
  ports             => '8080',
  options           => 'check',
}
haproxy::balancermember { 'web02':
  listening_service => 'web',
  server_names      => 'web02.example.com',
  ipaddresses       => '10.0.0.12',
  ports             => '8080',
  options           => 'check',
}
