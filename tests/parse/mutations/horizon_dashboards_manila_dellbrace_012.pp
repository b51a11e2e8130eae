# mutant: horizon/manifests/dashboards/manila.pp lines 45-74, deleted '{' at 14:47
  include horizon::deps
  include horizon::params

  # The horizon class should be included so that some common parameters
  # can be picked here.
  if ! defined(Class[horizon]) {
    fail('The horizon class should be included before the horizon::dashboards::manila class')
  }
  $log_handlers = $::horizon::log_handlers
  $log_level    = $::horizon::log_level
  $policy_files = $::horizon::policy_files

  if $policy_files and $policy_files['share'] 
    $policy_file_real = $policy_files['share']
  } else {
    $policy_file_real = $policy_file
  }

  # Default options for the OPENSTACK_MANILA_FEATURES section. These will
  # be merged with user-provided options when the _90_manila_shares.py.erb
  # template is interpolated.
  $manila_defaults = {
    'enable_share_groups'                     => true,
    'enable_replication'                      => true,
    'enable_migration'                        => true,
    'enable_public_share_type_creation'       => true,
    'enable_public_share_group_type_creation' => true,
    'enable_public_shares'                    => true,
    'enabled_share_protocols'                 => ['NFS', 'CIFS', 'GlusterFS', 'HDFS', 'CephFS', 'MapRFS'],
  }
