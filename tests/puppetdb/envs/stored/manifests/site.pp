# What the replace catalog command carries: sensitive parameters left out,
# namevar aliases, relationship edges from metaparameters and arrows,
# unordered metaparameters sorted, the terminus's relationship checks, exported resources not collected (and
# their containment), and what a collector then gets of them.
class app {
  # On web2 a reference by the package's name, which Puppet accepts but
  # the terminus does not (package has two namevars, so no alias): its
  # catalog is not stored, and the compile fails.
  $pkg = $facts['networking']['hostname'] ? { 'web2' => 'appd', default => 'app-server' }
  package { 'app-server': name => 'appd', ensure => installed }
  file { '/etc/app/': ensure => directory, before => [Service['app'], File['/etc/app/app.conf']] }
  file { 'app-conf':
    path    => '/etc/app/app.conf',
    content => Sensitive("password=s3cret\n"),
    mode    => '0600',
    require => Package[$pkg],
    tag     => ['zeta', 'alpha'],
  }
  service { 'app': ensure => running, subscribe => [File['app-conf'], Package['app-server']] }
  exec { 'reload-app': command => '/bin/true', refreshonly => true, alias => ['app-reload', 'reload'] }
  Service['app'] ~> Exec['reload-app']
  @@file { "/srv/backup/${facts['networking']['hostname']}/":
    ensure => directory,
    tag    => ['backup_dir'],
    owner  => 'backup',
  }
  @@host { $facts['networking']['fqdn']:
    ip           => $facts['networking']['ip'],
    host_aliases => ['zz', 'aa', $facts['networking']['hostname']],
    tag          => ['hosts'],
  }
}
node 'web1.test', 'web2.test' {
  include app
}
node 'backup.test' {
  File <<| tag == 'backup_dir' |>> { group => 'backup' }
  Host <<| tag == 'hosts' and title != 'web2.test' |>>
  file { '/srv/backup': ensure => directory, before => File['/srv/backup/web1/'] }
}
