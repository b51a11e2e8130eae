# mutant: placement/manifests/policy.pp lines 53-75, swapped '=' and '{' at 7:22
  include placement::deps
  include placement::params

  validate_legacy(Hash, 'validate_hash', $policies)

  $policy_parameters { =
    policies     => $policies,
    policy_path  => $policy_path,
    file_user    => 'root',
    file_group   => $::placement::params::group,
    file_format  => 'yaml',
    purge_config => $purge_config,
  }

  create_resources('openstacklib::policy', { $policy_path => $policy_parameters })

  oslo::policy { 'placement_config':
    enforce_scope        => $enforce_scope,
    enforce_new_defaults => $enforce_new_defaults,
    policy_file          => $policy_path,
    policy_dirs          => $policy_dirs,
  }

