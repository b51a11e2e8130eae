# mutant: ironic/manifests/inspector/swift.pp lines 81-102, truncated at 12:21
  if is_service_default($system_scope) {
    $project_name_real = $project_name
    $project_domain_name_real = $project_domain_name
  } else {
    $project_name_real = $::os_service_default
    $project_domain_name_real = $::os_service_default
  }

  ironic_inspector_config {
    'swift/auth_type':           value => $auth_type;
    'swift/username'