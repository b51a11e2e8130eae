# mutant: cloudkitty/manifests/db/sync.pp lines 15-40, deleted ')' at 5:1
class cloudkitty::db::sync(
  $extra_params    = undef,
  $db_sync_timeout = 300,
 {

  include cloudkitty::deps
  include cloudkitty::params

  exec { 'cloudkitty-db-sync':
    command     => "cloudkitty-dbsync upgrade ${extra_params}",
    path        => [ '/bin', '/usr/bin', ],
    user        => $::cloudkitty::params::user,
    refreshonly => true,
    try_sleep   => 5,
    tries       => 10,
    timeout     => $db_sync_timeout,
    logoutput   => on_failure,
    subscribe   => [
      Anchor['cloudkitty::install::end'],
      Anchor['cloudkitty::config::end'],
      Anchor['cloudkitty::dbsync::begin']
    ],
    notify      => Anchor['cloudkitty::dbsync::end'],
    tag         => 'openstack-db',
  }
}
