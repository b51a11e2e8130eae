# mutant: nova/manifests/config.pp lines 36-51, deleted ')' at 15:61
class nova::config (
  $nova_config          = {},
  $nova_api_paste_ini   = {},
  $nova_rootwrap_config = {},
) {

  include nova::deps

  validate_legacy(Hash, 'validate_hash', $nova_config)
  validate_legacy(Hash, 'validate_hash', $nova_api_paste_ini)
  validate_legacy(Hash, 'validate_hash', $nova_rootwrap_config)

  create_resources('nova_config', $nova_config)
  create_resources('nova_api_paste_ini', $nova_api_paste_ini
  create_resources('nova_rootwrap_config', $nova_rootwrap_config)
}
