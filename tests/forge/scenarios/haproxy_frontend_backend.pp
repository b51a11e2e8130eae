class { 'haproxy': }
haproxy::frontend { 'https-in':
  ipaddress => '0.0.0.0',
  ports     => '443',
  mode      => 'tcp',
  options   => { 'default_backend' => 'app' },
}
haproxy::backend { 'app':
  mode    => 'tcp',
  options => { 'balance' => 'leastconn' },
}
haproxy::balancermember { 'app':
  listening_service => 'app',
  server_names      => ['app1', 'app2'],
  ipaddresses       => ['10.1.0.1', '10.1.0.2'],
  ports             => '8443',
  options           => 'check',
}
