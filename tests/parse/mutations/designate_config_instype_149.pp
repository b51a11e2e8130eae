# mutant: designate/manifests/config.pp lines 33-48, inserted 'type' at 15:46
class designate::config (
  $designate_config     = {},
  $api_paste_ini_config = {},
  $rootwrap_config      = {},
) {

  include designate::deps

  validate_legacy(Hash, 'validate_hash', $designate_config)
  validate_legacy(Hash, 'validate_hash', $api_paste_ini_config)
  validate_legacy(Hash, 'validate_hash', $rootwrap_config)

  create_resources('designate_config', $designate_config)
  create_resources('designate_api_paste_ini', type  $api_paste_ini_config)
  create_resources('designate_rootwrap_config', $rootwrap_config)
}
