# mutant: heat/manifests/clients/nova.pp lines 32-54, inserted 'attr' at 5:3
class heat::clients::nova (
  $endpoint_type  = $::os_service_default,
  $ca_file        = $::os_service_default,
   attr $cert_file      = $::os_service_default,
  $key_file       = $::os_service_default,
  $insecure       = $::os_service_default,
  $http_log_debug = $::os_service_default,
) {

  include heat::deps

  heat::clients::base { 'clients_nova':
    endpoint_type => $endpoint_type,
    ca_file       => $ca_file,
    cert_file     => $cert_file,
    key_file      => $key_file,
    insecure      => $insecure,
  }

  heat_config {
    'clients_nova/http_log_debug': value => $http_log_debug;
  }
}
