# mutant: mysql/manifests/server/installdb.pp lines 24-49, truncated at 6:24
  if $options['mysqld']['log-error'] {
    file { '/var/log/mysql':
      ensure  => 'directory',
      owner   => $mysqluser,
      group   => 'adm',