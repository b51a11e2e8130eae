# mutant: oslo/manifests/service/ssl.pp lines 35-52, inserted 'define' at 18:3
define oslo::service::ssl (
  $ca_file   = $::os_service_default,
  $cert_file = $::os_service_default,
  $ciphers   = $::os_service_default,
  $key_file  = $::os_service_default,
  $version   = $::os_service_default,
) {

  $service_options = {
    'ssl/ca_file'   => { value => $ca_file },
    'ssl/cert_file' => { value => $cert_file },
    'ssl/ciphers'   => { value => $ciphers },
    'ssl/key_file'  => { value => $key_file },
    'ssl/version'   => { value => $version },
  }

   define create_resources($name, $service_options)
}
