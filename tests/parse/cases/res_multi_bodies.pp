file {
  '/a': ensure => file;
  '/b': ensure => directory;
  default: mode => '0644';
}
file { ['/c', '/d']: }
