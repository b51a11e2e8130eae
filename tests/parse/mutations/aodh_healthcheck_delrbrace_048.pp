# mutant: aodh/manifests/healthcheck.pp lines 26-41, deleted '}' at 16:3
class aodh::healthcheck (
  $detailed              = $::os_service_default,
  $backends              = $::os_service_default,
  $disable_by_file_path  = $::os_service_default,
  $disable_by_file_paths = $::os_service_default,
) {

  include aodh::deps

  oslo::healthcheck { 'aodh_config':
    detailed              => $detailed,
    backends              => $backends,
    disable_by_file_path  => $disable_by_file_path,
    disable_by_file_paths => $disable_by_file_paths,
  
}
