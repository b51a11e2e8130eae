# Name-based and SSL virtual hosts, as a typical web server has them.
class { 'apache':
  default_vhost => false,
  mpm_module    => 'event',
}
apache::vhost { 'www.example.com':
  port          => 80,
  docroot       => '/var/www/www.example.com',
  serveraliases => ['example.com'],
  redirect_status => 'permanent',
  redirect_dest   => 'https://www.example.com/',
}
apache::vhost { 'www.example.com-ssl':
  servername => 'www.example.com',
  port       => 443,
  ssl        => true,
  docroot    => '/var/www/www.example.com',
  headers    => ['always set Strict-Transport-Security "max-age=31536000"'],
  directories => [
    { 'path' => '/var/www/www.example.com', 'options' => ['-Indexes', '+FollowSymLinks'], 'allow_override' => ['All'] },
  ],
}
