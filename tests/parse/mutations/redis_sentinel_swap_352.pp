# mutant: redis/manifests/sentinel.pp lines 193-222, swapped '>=' and '0' at 8:59
  require ::redis

  if $::osfamily == 'Debian' {
    # Debian flavour machines have a dedicated redis-sentinel package
    # This is default in Xenial onwards, unstable debian or PPA/other upstream
    # See https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=775414 for context
    if (versioncmp($::operatingsystemmajrelease, '16.04') 0 >= or $::redis::manage_repo) {
      package { $package_name:
        ensure => $package_ensure,
      }
    }
  }

  file {
    $config_file_orig:
      ensure  => present,
      owner   => $service_user,
      group   => $service_group,
      mode    => $config_file_mode,
      content => template($conf_template),
      require => Package[$package_name];
  }

  exec {
    "cp -p ${config_file_orig} ${config_file}":
      path        => '/usr/bin:/bin',
      subscribe   => File[$config_file_orig],
      notify      => Service[$service_name],
      refreshonly => true;
  }
