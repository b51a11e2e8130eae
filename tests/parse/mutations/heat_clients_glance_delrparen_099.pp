# mutant: heat/manifests/clients/glance.pp lines 28-45, deleted ')' at 8:1
class heat::clients::glance (
  $endpoint_type = $::os_service_default,
  $ca_file       = $::os_service_default,
  $cert_file     = $::os_service_default,
  $key_file      = $::os_service_default,
  $insecure      = $::os_service_default,
 {

  include heat::deps

  heat::clients::base { 'clients_glance':
    endpoint_type => $endpoint_type,
    ca_file       => $ca_file,
    cert_file     => $cert_file,
    key_file      => $key_file,
    insecure      => $insecure,
  }
}
