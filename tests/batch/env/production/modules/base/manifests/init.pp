class base (String $motd = 'managed by pjit') {
  file { '/etc/motd':
    ensure  => file,
    content => "${motd}\n",
  }
  package { ['vim', 'curl']: ensure => installed }
  notice("base on ${facts['networking']['fqdn']}")
}
class base::extra {
  user { 'ops': ensure => present, groups => ['adm'] }
}
