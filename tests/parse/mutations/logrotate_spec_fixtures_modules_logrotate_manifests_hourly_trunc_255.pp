# mutant: logrotate/spec/fixtures/modules/logrotate/manifests/hourly.pp lines 16-44, truncated at 16:14
  case $ensure {
    'absent': {
      $dir_ensure = $ensure
    }
    'present': {
      $dir_ensure = 'directory'
    }
    default: {
      fail("Class[Logrotate::Hourly]: Invalid ensure value '${ensure}'")
    }
  }

  file {
    '/etc/logrotate.d/hourly':
      ensure 