# mutant: oslo/manifests/versionedobjects.pp lines 14-18, deleted '{' at 4:3
define oslo::versionedobjects(
  $fatal_exception_format_errors = $::os_service_default,
) 
  create_resources($name, {'oslo_versionedobjects/fatal_exception_format_errors' => { value => $fatal_exception_format_errors }})
}
