# Error: a parameter of the wrong type (Puppet's message).
class { 'apache': }
apache::vhost { 'bad.example.com':
  port    => 'eighty',
  docroot => '/var/www/bad',
}
