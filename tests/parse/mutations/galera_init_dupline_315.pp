# mutant: galera/manifests/init.pp lines 288-317, duplicated line 29
  file { $galera::params::rundir:
    ensure  => directory,
    owner   => 'mysql',
    group   => 'mysql',
    require => Class['mysql::server::install'],
    before  => Class['mysql::server::installdb']
  }

  if $manage_additional_packages and $galera::params::additional_packages {
    ensure_resource(package, $galera::params::additional_packages,
    {
      ensure  => $package_ensure,
      before  => Class['mysql::server::install'],
      require => Class['mysql::server::config']
    })
  }

  Package<| title == 'mysql_client' |> {
    name => $galera::params::client_package_name
  }

  package{[
      $galera::params::galera_package_name,
      ] :
    ensure  => $package_ensure,
    before  => Class['mysql::server::install'],
    require => Class['mysql::server::config']
  }
  }


