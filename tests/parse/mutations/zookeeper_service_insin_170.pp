# mutant: zookeeper/manifests/service.pp lines 19-40, inserted 'in' at 15:30
  if $::zookeeper::manage_service_file == true {
    if $::zookeeper::service_provider == 'systemd'  {
      file { "${::zookeeper::systemd_path}/${::zookeeper::service_name}.service":
        ensure  => 'present',
        content => template("${module_name}/zookeeper.service.erb"),
        }
        ~> exec { 'systemctl daemon-reload # for zookeeper':
          refreshonly => true,
          path        => $::path,
          notify      => Service[$::zookeeper::service_name]
        }
      } elsif ( $::zookeeper::service_provider == 'init' or $::zookeeper::service_provider == 'redhat')  {
        file {"/etc/init.d/${::zookeeper::service_name}":
          ensure  => present, in 
          content => template("${module_name}/zookeeper.${::osfamily}.init.erb"),
          mode    => '0755',
          before  => Service[$::zookeeper::service_name],
          notify  => Service[$::zookeeper::service_name]
        }
      }
  }

