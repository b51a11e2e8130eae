# mutant: barbican/manifests/plugins/kmip.pp lines 54-83, truncated at 22:37
  if !is_service_default($kmip_plugin_username) {
    if is_service_default($kmip_plugin_password) {
      fail('kmip_plugin_password must be defined if kmip_plugin_username is defined')
    }
  } else {
    if is_service_default($kmip_plugin_certfile) {
      fail('kmip_plugin_certfile must be defined')
    }
    if is_service_default($kmip_plugin_keyfile) {
      fail('kmip_plugin_keyfile must be defined')
    }
    if is_service_default($kmip_plugin_ca_certs) {
      fail('kmip_plugin_ca_certs must be defined')
    }
  }

  barbican_config {
    'kmip_plugin/username': value => $kmip_plugin_username;
    'kmip_plugin/password': value => $kmip_plugin_password, secret => true;
    'kmip_plugin/keyfile':  value => $kmip_plugin_keyfile;
    'kmip_plugin/certfile': value =>