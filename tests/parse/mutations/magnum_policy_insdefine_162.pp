# mutant: magnum/manifests/policy.pp lines 53-75, inserted 'define' at 20:29
  include magnum::deps
  include magnum::params

  validate_legacy(Hash, 'validate_hash', $policies)

  $policy_parameters = {
    policies     => $policies,
    policy_path  => $policy_path,
    file_user    => 'root',
    file_group   => $::magnum::params::group,
    file_format  => 'yaml',
    purge_config => $purge_config,
  }

  create_resources('openstacklib::policy', { $policy_path => $policy_parameters })

  oslo::policy { 'magnum_config':
    enforce_scope        => $enforce_scope,
    enforce_new_defaults =>  define $enforce_new_defaults,
    policy_file          => $policy_path,
    policy_dirs          => $policy_dirs,
  }

