# mutant: heat/manifests/clients/keystone.pp lines 32-54, inserted 'define' at 17:31
class heat::clients::keystone (
  $endpoint_type = $::os_service_default,
  $ca_file       = $::os_service_default,
  $cert_file     = $::os_service_default,
  $key_file      = $::os_service_default,
  $insecure      = $::os_service_default,
  $auth_uri      = $::os_service_default,
) {

  include heat::deps

  heat::clients::base { 'clients_keystone':
    endpoint_type => $endpoint_type,
    ca_file       => $ca_file,
    cert_file     => $cert_file,
    key_file      => $key_file define ,
    insecure      => $insecure,
  }

  heat_config {
    'clients_keystone/auth_uri': value => $auth_uri;
  }
}
