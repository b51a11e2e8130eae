# A reverse proxy in front of an application server.
class { 'apache':
  default_vhost => false,
}
class { 'apache::mod::proxy': }
class { 'apache::mod::proxy_http': }
class { 'apache::mod::headers': }
apache::vhost { 'app.example.com':
  port                => 80,
  docroot             => '/var/www/html',
  proxy_preserve_host => true,
  proxy_pass          => [
    { 'path' => '/api', 'url' => 'http://127.0.0.1:8080/api' },
    { 'path' => '/', 'url' => 'http://127.0.0.1:3000/' },
  ],
  request_headers     => ['set X-Forwarded-Proto "http"'],
}
