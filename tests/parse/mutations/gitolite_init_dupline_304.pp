# mutant: gitolite/manifests/init.pp lines 170-199, duplicated line 20
  if "${userhome}/repositories" != $reporoot {
    file{ $reporoot:
      ensure => directory,
      owner  => $user,
      mode   => '0700',
    }

    -> exec{'gitolite: move repositories':
      command => "mv ${userhome}/repositories/* ${reporoot}/; true",
      unless  => [
        "test -h ${userhome}/repositories",  # symplink ?
      ],
    }

    # if linkpath is not a sym
    -> exec{'gitolite: remove repositories directory':
      command => "rmdir ${userhome}/repositories;ln -sf ${reporoot} ${userhome}/repositories",
      unless  => [
        "test -h ${userhome}/repositories",                              # symlink ?
        "test -h ${userhome}/repositories",                              # symlink ?
        "test \"`readlink ${userhome}/repositories`\" == '${reporoot}'", # symlink to target ?
      ],
    }
  }

  file{"${userhome}/.gitolite.rc":
    content => template('gitolite/gitolite.rc.erb'),
    mode    => '0700',
    owner   => $user,
    notify  => Exec['gitolite_compile', 'gitolite_trigger_post_compile'],
  }
