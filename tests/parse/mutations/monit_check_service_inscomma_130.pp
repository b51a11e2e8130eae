# mutant: monit/manifests/check/service.pp lines 64-93, inserted ',' at 27:30
  validate_absolute_path($binary)

  case $init_system {
    'sysv': {
      validate_absolute_path($sysv_file)
      $service_file = $sysv_file
    }
    'upstart': {
      validate_absolute_path($upstart_file)
      $service_file = $upstart_file
    }
    'systemd': {
      validate_absolute_path($systemd_file)
      $service_file = $systemd_file
    }
    default: {
      fail("unknown init system '${init_system}'. Supported systems are: sysv, upstart, systemd.")
    }
  }

  $defaults = {
    'ensure'     => $ensure,
    'group'      => $group,
    'alerts'     => $alerts,
    'noalerts'   => $noalerts,
    'depends'    => $depends, , 
    'priority'   => $priority,
    'bundle'     => $bundle,
  }

