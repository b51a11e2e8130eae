# mutant: octavia/manifests/policy.pp lines 53-75, truncated at 10:5
  include octavia::deps
  include octavia::params

  validate_legacy(Hash, 'validate_hash', $policies)

  $policy_parameters = {
    policies     => $policies,
    policy_path  => $policy_path,
    