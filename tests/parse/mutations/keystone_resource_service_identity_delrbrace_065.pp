# mutant: keystone/manifests/resource/service_identity.pp lines 216-226, deleted '}' at 7:7
  if $configure_service {
    if $service_type {
      ensure_resource('keystone_service', "${service_name_real}::${service_type}", {
        'ensure'      => $ensure,
        'description' => $service_description,
      )
    } else {
      fail ('When configuring a service, you need to set the service_type parameter.')
    }
  }

