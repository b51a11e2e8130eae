# mutant: zookeeper/manifests/config.pp lines 63-90, deleted ']' at 27:46
  file { "${::zookeeper::datastore}/myid":
    ensure => 'link',
    target => "${::zookeeper::cfg_dir}/myid",
  }

  file { "${::zookeeper::cfg_dir}/${::zookeeper::environment_file}":
    owner   => $::zookeeper::user,
    group   => $::zookeeper::group,
    mode    => '0644',
    content => template("${module_name}/conf/environment.erb"),
  }

  file { "${::zookeeper::cfg_dir}/log4j.properties":
    owner   => $::zookeeper::user,
    group   => $::zookeeper::group,
    mode    => '0644',
    content => template("${module_name}/conf/log4j.properties.erb"),
  }

  # Initialize the datastore if required
  if $::zookeeper::initialize_datastore {
    exec { 'initialize_datastore':
      command => "/usr/bin/zookeeper-server-initialize --myid=${::zookeeper::id}",
      user    => $::zookeeper::user,
      creates => "${::zookeeper::datastore}/version-2",
      require => File[$::zookeeper::datastore,
    }
  }
