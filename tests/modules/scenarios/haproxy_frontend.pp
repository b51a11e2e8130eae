# haproxy frontends and backends with bind options and balancer members
# (fragments/_bind.erb, haproxy_frontend_block.erb, haproxy_backend_block.erb).
class { 'haproxy':
  global_options   => { 'maxconn' => 4000, 'log' => '127.0.0.1 local0' },
  defaults_options => { 'mode' => 'http', 'timeout' => ['connect 5s', 'client 30s', 'server 30s'] },
}
haproxy::frontend { 'www':
  bind    => { '0.0.0.0:80' => [], '0.0.0.0:443' => ['ssl', 'crt', '/etc/ssl/site.pem'] },
  mode    => 'http',
  options => { 'default_backend' => 'app', 'option' => ['forwardfor', 'http-server-close'] },
}
haproxy::backend { 'app':
  options => { 'balance' => 'roundrobin', 'option' => ['httpchk GET /health'] },
}
haproxy::balancermember { 'app1':
  listening_service => 'app',
  server_names      => ['app1', 'app2'],
  ipaddresses       => ['10.0.0.11', '10.0.0.12'],
  ports             => '8080',
  options           => 'check',
}
