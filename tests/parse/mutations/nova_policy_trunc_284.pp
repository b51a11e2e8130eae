# mutant: nova/manifests/policy.pp lines 53-75, truncated at 11:18
  include nova::deps
  include nova::params

  validate_legacy(Hash, 'validate_hash', $policies)

  $policy_parameters = {
    policies     => $policies,
    policy_path  => $policy_path,
    file_user    => 'root',
    file_group   