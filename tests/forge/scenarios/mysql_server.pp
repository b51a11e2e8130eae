# puppetlabs-mysql 15: a server with databases and users.
class { 'mysql::server':
  root_password           => 'strongpassword',
  remove_default_accounts => true,
  override_options        => {
    'mysqld' => { 'bind-address' => '0.0.0.0', 'max_connections' => '512' },
  },
}
mysql::db { 'appdb':
  user     => 'app',
  password => 'apppass',
  host     => '10.0.0.%',
  grant    => ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
}
mysql_user { 'monitor@localhost':
  ensure        => present,
  password_hash => mysql::password('monitorpass'),
}
