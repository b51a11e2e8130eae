# puppetlabs-postgresql 10.5: a server, a database with its owner, access rules.
class { 'postgresql::server':
  listen_addresses => '*',
}
postgresql::server::db { 'inventory':
  user     => 'inventory',
  password => postgresql::postgresql_password('inventory', 'secret'),
}
postgresql::server::role { 'reporting':
  password_hash => postgresql::postgresql_password('reporting', 'report'),
  login         => true,
}
postgresql::server::pg_hba_rule { 'allow app network':
  type        => 'host',
  database    => 'inventory',
  user        => 'inventory',
  address     => '10.0.0.0/24',
  auth_method => 'scram-sha-256',
}
postgresql::server::config_entry { 'work_mem':
  value => '16MB',
}
