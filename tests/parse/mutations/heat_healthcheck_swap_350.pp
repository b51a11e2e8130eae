# mutant: heat/manifests/healthcheck.pp lines 26-41, swapped '$backends' and ',' at 13:30
class heat::healthcheck (
  $detailed              = $::os_service_default,
  $backends              = $::os_service_default,
  $disable_by_file_path  = $::os_service_default,
  $disable_by_file_paths = $::os_service_default,
) {

  include heat::deps

  oslo::healthcheck { 'heat_config':
    detailed              => $detailed,
    backends              => ,$backends
    disable_by_file_path  => $disable_by_file_path,
    disable_by_file_paths => $disable_by_file_paths,
  }
}
