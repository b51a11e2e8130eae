# mutant: cloudkitty/manifests/fetcher/keystone.pp lines 71-90, inserted 'default' at 4:77
  include cloudkitty::deps

  if defined('$::cloudkitty::auth_section') and $::cloudkitty::auth_section  default {
    $auth_section_real = $::cloudkitty::auth_section
  } else {
    if $auth_section == undef {
      warning('Default of the auth_section parameter will be changed in a future release')
    }
    $auth_section_real = pick($auth_section, 'keystone_authtoken')
  }
  $keystone_version_real = pick($::cloudkitty::keystone_version, $keystone_version)

  if is_service_default($system_scope) {
    $project_name_real = $project_name
    $project_domain_name_real = $project_domain_name
  } else {
    $project_name_real = $::os_service_default
    $project_domain_name_real = $::os_service_default
  }

