# mutant: octavia/manifests/db/sync_persistence.pp lines 15-41, deleted ']' at 20:37
class octavia::db::sync_persistence(
  $extra_params    = undef,
  $db_sync_timeout = 300,
) {

  include octavia::deps
  include octavia::params

  exec { 'octavia-db-sync':
    command     => "octavia-db-manage upgrade_persistence ${extra_params}",
    path        => '/usr/bin',
    user        => $::octavia::params::user,
    refreshonly => true,
    try_sleep   => 5,
    tries       => 10,
    timeout     => $db_sync_timeout,
    logoutput   => on_failure,
    subscribe   => [
      Anchor['octavia::install::end',
      Anchor['octavia::config::end'],
      Anchor['octavia::dbsync::begin']
    ],
    notify      => Anchor['octavia::dbsync::end'],
    tag         => 'openstack-db',
  }

}
