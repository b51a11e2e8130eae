# Apache vhosts with directories, aliases, rewrites, headers and SSL (as
# tests/modules/scenarios/apache_directories.pp), plus a vhost for the node.
node default {
  class { 'apache': default_vhost => false, mpm_module => 'event' }
  apache::vhost { 'docs.example.com':
    port           => 80,
    docroot        => '/var/www/docs',
    serveraliases  => ['www.docs.example.com'],
    directories    => [
      { 'path' => '/var/www/docs', 'options' => ['Indexes', 'FollowSymLinks'], 'allow_override' => ['All'], 'require' => 'all granted' },
      { 'path' => '/var/www/docs/private', 'provider' => 'directory', 'require' => { 'enforce' => 'all', 'requires' => ['ip 10.0.0.0/8', 'valid-user'] }, 'auth_type' => 'Basic', 'auth_name' => 'Private', 'auth_user_file' => '/etc/apache2/htpasswd' },
      { 'path' => '\.php$', 'provider' => 'filesmatch', 'sethandler' => 'proxy:fcgi://127.0.0.1:9000' },
      { 'path' => '/server-status', 'provider' => 'location', 'require' => 'ip 127.0.0.1', 'custom_fragment' => 'SetHandler server-status' },
    ],
    aliases        => [{ 'alias' => '/static', 'path' => '/srv/static' }],
    rewrites       => [{ 'comment' => 'legacy', 'rewrite_cond' => ['%{HTTP_HOST} ^old\.example\.com$'], 'rewrite_rule' => ['^/old/(.*)$ /new/$1 [R=301,L]'] }],
    scriptaliases  => [{ 'alias' => '/cgi', 'path' => '/usr/lib/cgi-bin' }],
    headers        => ['set X-Frame-Options SAMEORIGIN'],
    setenvif       => ['User-Agent "^curl" is_curl'],
    access_log_format => 'combined',
  }
  apache::vhost { 'secure.example.com':
    port     => 443,
    ssl      => true,
    docroot  => '/var/www/secure',
    ssl_cert => '/etc/ssl/certs/secure.pem',
    ssl_key  => '/etc/ssl/private/secure.key',
    redirect_status => 'permanent',
    redirect_source => '/old',
    redirect_dest   => 'https://secure.example.com/new',
  }
  apache::vhost { $facts['networking']['fqdn']:
    port          => 80,
    docroot       => "/var/www/${facts['networking']['hostname']}",
    serveraliases => [$facts['networking']['hostname'], $facts['networking']['ip']],
    directories   => [{ 'path' => "/var/www/${facts['networking']['hostname']}", 'options' => ['FollowSymLinks'], 'require' => 'all granted' }],
  }
}
