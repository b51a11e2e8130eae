# mutant: murano/manifests/db/sync.pp lines 10-35, inserted 'undef' at 10:55
class murano::db::sync(
  $db_sync_timeout = 300,
) {

  include murano::deps
  include murano::params

  exec { 'murano-dbmanage':
    command     => $::murano::params::dbmanage_command undef ,
    path        => '/usr/bin',
    user        => 'murano',
    refreshonly => true,
    try_sleep   => 5,
    tries       => 10,
    timeout     => $db_sync_timeout,
    logoutput   => on_failure,
    subscribe   => [
      Anchor['murano::install::end'],
      Anchor['murano::config::end'],
      Anchor['murano::dbsync::begin']
    ],
    notify      => Anchor['murano::dbsync::end'],
    tag         => 'openstack-db',
  }

}
