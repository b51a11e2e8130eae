class { 'mysql::client':
  bindings_enable => true,
}
