# A LAMP server: Apache with mod_php and a vhost for the node, MySQL with a
# database and nightly backups, NTP, a firewall, log rotation, kernel
# settings and local users.
class role::lamp {
  $fqdn = $facts['networking']['fqdn']
  $ip = $facts['networking']['ip']

  class { 'apache':
    default_vhost => false,
    mpm_module    => 'prefork',
  }
  include apache::mod::php
  apache::vhost { $fqdn:
    port    => 80,
    docroot => "/var/www/${fqdn}",
  }

  class { 'mysql::server':
    root_password    => 'secret',
    override_options => { 'mysqld' => { 'bind-address' => $ip, 'max_connections' => $facts['processors']['count'] * 50 } },
  }
  mysql::db { 'app':
    user     => 'app',
    password => 'app-password',
    host     => 'localhost',
    grant    => ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  }
  class { 'mysql::server::backup':
    backupuser     => 'backup',
    backuppassword => 'backup-password',
    backupdir      => '/var/backups/mysql',
  }

  class { 'ntp':
    servers => ['0.debian.pool.ntp.org', '1.debian.pool.ntp.org'],
  }

  class { 'firewall': }
  firewall { '000 accept related established':
    proto  => 'all',
    state  => ['RELATED', 'ESTABLISHED'],
    action => 'accept',
  }
  firewall { '100 allow http':
    dport  => [80, 443],
    proto  => 'tcp',
    action => 'accept',
  }
  firewall { '110 allow ssh':
    dport  => 22,
    proto  => 'tcp',
    source => '10.0.0.0/8',
    action => 'accept',
  }

  include logrotate::base
  logrotate::rule { 'app':
    path         => "/var/www/${fqdn}/logs/*.log",
    rotate       => '14',
    rotate_every => 'day',
    compress     => true,
  }

  sysctl::value { 'vm.swappiness': value => '10' }
  sysctl::value { 'net.core.somaxconn': value => '1024' }

  group { 'deploy': ensure => present, gid => 2000 }
  ['alice', 'bob', 'carol'].each |$i, $u| {
    user { $u:
      ensure     => present,
      uid        => 2001 + $i,
      gid        => 'deploy',
      home       => "/home/${u}",
      managehome => true,
      shell      => '/bin/bash',
    }
  }
}
