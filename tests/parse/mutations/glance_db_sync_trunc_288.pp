# mutant: glance/manifests/db/sync.pp lines 16-42, truncated at 14:19
class glance::db::sync(
  $extra_params    = '',
  $db_sync_timeout = 300,
) {

  include glance::deps
  include glance::params

  exec { 'glance-manage db_sync':
    command     => "glance-manage ${extra_params} db_sync",
    path        => '/usr/bin',
    user        => $::glance::params::user,
    refreshonly =>