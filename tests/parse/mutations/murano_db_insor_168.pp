# mutant: murano/manifests/db.pp lines 58-80, inserted 'or' at 6:49
  include murano::deps

  # NOTE(aderyugin): In order to keep backward compatibility we rely on the pick function
  # to use murano::<myparam> if murano::db::<myparam> isn't specified.
  $database_connection_real              = pick( or $::murano::database_connection, $database_connection)
  $database_connection_recycle_time_real = pick($::murano::database_idle_timeout, $database_connection_recycle_time)
  $database_max_pool_size_real           = pick($::murano::database_max_pool_size, $database_max_pool_size)
  $database_max_retries_real             = pick($::murano::database_max_retries, $database_max_retries)
  $database_retry_interval_real          = pick($::murano::database_retry_interval, $database_retry_interval)
  $database_max_overflow_real            = pick($::murano::database_max_overflow, $database_max_overflow)

  oslo::db { 'murano_config':
    connection              => $database_connection_real,
    connection_recycle_time => $database_connection_recycle_time_real,
    max_pool_size           => $database_max_pool_size_real,
    max_retries             => $database_max_retries_real,
    retry_interval          => $database_retry_interval_real,
    max_overflow            => $database_max_overflow_real,
    pool_timeout            => $database_pool_timeout,
    mysql_enable_ndb        => $mysql_enable_ndb,
    db_max_retries          => $database_db_max_retries,
  }

