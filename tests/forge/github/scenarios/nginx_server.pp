# voxpupuli nginx 6 (not in Debian): a server with locations and an upstream.
class { 'nginx': }
nginx::resource::upstream { 'app':
  members => {
    'app1' => { 'server' => '10.0.0.31', 'port' => 3000 },
    'app2' => { 'server' => '10.0.0.32', 'port' => 3000 },
  },
}
nginx::resource::server { 'www.example.com':
  listen_port => 80,
  proxy       => 'http://app',
}
nginx::resource::location { 'static':
  server   => 'www.example.com',
  location => '/static/',
  www_root => '/srv/static',
}
