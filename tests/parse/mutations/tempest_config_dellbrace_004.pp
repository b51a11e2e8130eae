# mutant: tempest/manifests/config.pp lines 30-37, deleted '{' at 4:3
class tempest::config (
  $tempest_config        = {},
) 

  validate_legacy(Hash, 'validate_hash', $tempest_config)

  create_resources('tempest_config', $tempest_config)
}
