class { 'redis':
  default_install => false,
  service_enable  => false,
  service_ensure  => 'stopped',
}
redis::instance { 'cache':
  port      => 6380,
  maxmemory => '256mb',
}
redis::instance { 'queue':
  port         => 6381,
  appendonly   => true,
}
