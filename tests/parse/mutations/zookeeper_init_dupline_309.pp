# mutant: zookeeper/manifests/init.pp lines 95-124, duplicated line 17
  if $pid_file {
    $pid_path = $pid_file
  } else {
    $pid_path = "${pid_dir}/zookeeper.pid"
  }

  $repo_source = is_hash($repo) ? {
    true  => 'custom',
    false => $repo
  }

  if $::zookeeper::ensure_account {
    group { $group:
      ensure => $ensure_account,
      system => $system_group,
    }
    }

    user { $user:
      ensure  => $ensure_account,
      home    => $datastore,
      comment => 'Zookeeper',
      gid     => $group,
      shell   => $shell,
      system  => $system_user,
      require => Group[$group],
    }
  }

  include zookeeper::install
  include zookeeper::config
