# A database role: MySQL for the application, PostgreSQL for reporting.
class role::database {
  class { 'mysql::server':
    root_password    => 'rootpw',
    override_options => { 'mysqld' => { 'innodb_buffer_pool_size' => '1G' } },
  }
  mysql::db { 'shop': user => 'shop', password => 'shoppw', grant => ['ALL'] }
  class { 'postgresql::server': }
  postgresql::server::db { 'reports': user => 'reports', password => postgresql::postgresql_password('reports', 'pw') }
  class { 'apt': }
  ini_setting { 'backup dir':
    path    => '/etc/backup.ini',
    section => 'paths',
    setting => 'dir',
    value   => '/srv/backup',
  }
}
include role::database
