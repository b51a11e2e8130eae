# logrotate rules with create modes, rotation periods, scripts and
# size limits (etc/logrotate.d/rule.erb reads scope.to_hash).
include logrotate::base
logrotate::rule { 'nginx':
  path          => ['/var/log/nginx/access.log', '/var/log/nginx/error.log'],
  rotate        => '14',
  rotate_every  => 'day',
  compress      => true,
  delaycompress => true,
  missingok     => true,
  ifempty       => false,
  create        => true,
  create_mode   => '0640',
  create_owner  => 'www-data',
  create_group  => 'adm',
  sharedscripts => true,
  postrotate    => 'invoke-rc.d nginx rotate >/dev/null 2>&1',
}
logrotate::rule { 'app':
  path         => '/srv/app/log/*.log',
  size         => '100M',
  rotate       => '5',
  copytruncate => true,
  dateext      => true,
  dateformat   => '-%Y%m%d',
  olddir       => '/srv/app/log/old',
  mail         => 'ops@example.com',
  maillast     => true,
  prerotate    => '/usr/local/bin/app-flush',
  lastaction   => '/usr/local/bin/app-reopen',
}
