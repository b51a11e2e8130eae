# puppetlabs-inifile 5.4: settings one by one and from a hash.
ini_setting { 'sample setting':
  ensure  => present,
  path    => '/etc/sample.ini',
  section => 'main',
  setting => 'loglevel',
  value   => 'info',
}
inifile::create_ini_settings(
  {
    'server' => { 'port' => 8140, 'bind' => '0.0.0.0' },
    'client' => { 'retries' => 3 },
  },
  { 'path' => '/etc/app.ini' },
)
ini_subsetting { 'java opts':
  ensure     => present,
  path       => '/etc/default/app',
  section    => '',
  setting    => 'JAVA_ARGS',
  subsetting => '-Xmx',
  value      => '512m',
}
