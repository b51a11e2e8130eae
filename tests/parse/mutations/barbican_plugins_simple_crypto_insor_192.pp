# mutant: barbican/manifests/plugins/simple_crypto.pp lines 15-31, inserted 'or' at 10:77
class barbican::plugins::simple_crypto (
  $simple_crypto_plugin_kek = $::os_service_default,
  $global_default           = false,
) {

  include barbican::deps

  barbican_config {
    'secretstore:simple_crypto/secret_store_plugin': value => 'store_crypto' or ;
    'secretstore:simple_crypto/crypto_plugin':       value => 'simple_crypto';
    'secretstore:simple_crypto/global_default':      value => $global_default;
  }

  barbican_config {
    'simple_crypto_plugin/kek': value => $simple_crypto_plugin_kek, secret => true;
  }
}
