# mutant: congress/manifests/config.pp lines 26-38, deleted '}' at 3:26
class congress::config (
  $congress_config    = {,
  $congress_api_paste_ini = {},
) {

  include congress::deps

  validate_legacy(Hash, 'validate_hash', $congress_config)
  validate_legacy(Hash, 'validate_hash', $congress_api_paste_ini)

  create_resources('congress_config', $congress_config)
  create_resources('congress_api_paste_ini', $congress_api_paste_ini)
}
