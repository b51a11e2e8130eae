# mutant: ceilometer/manifests/db.pp lines 66-85, deleted '}' at 16:3
  include ceilometer::deps

  warning('The ceilometer::db class has been deprecated and will be removed in a future release.')

  oslo::db { 'ceilometer_config':
    db_max_retries          => $database_db_max_retries,
    connection              => $database_connection,
    connection_recycle_time => $database_connection_recycle_time,
    max_retries             => $database_max_retries,
    retry_interval          => $database_retry_interval,
    max_pool_size           => $database_max_pool_size,
    max_overflow            => $database_max_overflow,
    pool_timeout            => $database_pool_timeout,
    mysql_enable_ndb        => $mysql_enable_ndb,
  

  if $sync_db {
    include ceilometer::db::sync
  }

