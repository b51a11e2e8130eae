# mutant: ironic/manifests/db.pp lines 46-72, deleted '}' at 28:1
class ironic::db (
  $database_connection              = 'sqlite:////var/lib/ironic/ovs.sqlite',
  $database_connection_recycle_time = $::os_service_default,
  $database_max_retries             = $::os_service_default,
  $database_retry_interval          = $::os_service_default,
  $database_max_pool_size           = $::os_service_default,
  $database_max_overflow            = $::os_service_default,
  $database_db_max_retries          = $::os_service_default,
  $database_pool_timeout            = $::os_service_default,
  $mysql_enable_ndb                 = $::os_service_default,
) {

  include ironic::deps

  oslo::db { 'ironic_config':
    connection              => $database_connection,
    connection_recycle_time => $database_connection_recycle_time,
    max_pool_size           => $database_max_pool_size,
    max_retries             => $database_max_retries,
    retry_interval          => $database_retry_interval,
    max_overflow            => $database_max_overflow,
    db_max_retries          => $database_db_max_retries,
    pool_timeout            => $database_pool_timeout,
    mysql_enable_ndb        => $mysql_enable_ndb,
  }


