# mongodb with a database and its user: mongodb_password hashes the
# password.
class { 'mongodb::server': bind_ip => ['127.0.0.1'] }
mongodb::db { 'inventory':
  user     => 'inventory',
  password => 's3cret',
}
