# postgresql with pg_hba ACLs given as lines
# (postgresql::postgresql_acls_to_resources_hash), a role, a database with
# its owner and grants, and a hand-written pg_hba rule.
class { 'postgresql::globals': version => '15', encoding => 'UTF8' }
class { 'postgresql::server':
  listen_addresses => '*',
  ipv4acls         => ['host all all 10.0.0.0/8 md5', 'hostssl app app 192.168.0.0 255.255.0.0 scram-sha-256 clientcert=verify-ca'],
  ipv6acls         => ['host all all ::1/128 trust'],
}
postgresql::server::role { 'app': password_hash => postgresql::postgresql_password('app', 'secret'), createdb => true }
postgresql::server::db { 'appdb': user => 'app', password => postgresql::postgresql_password('app', 'secret') }
postgresql::server::database_grant { 'appdb reporting': privilege => 'CONNECT', db => 'appdb', role => 'app' }
postgresql::server::pg_hba_rule { 'local app peer':
  type        => 'local',
  database    => 'appdb',
  user        => 'app',
  auth_method => 'peer',
  order       => 3,
}
postgresql::server::config_entry { 'max_connections': value => 200 }
