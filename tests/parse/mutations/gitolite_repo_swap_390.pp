# mutant: gitolite/manifests/repo.pp lines 96-122, swapped '=>' and '$gitolite::user' at 16:12
  file { "${gitolite::reporoot}/${title}.git/hooks":
    ensure  => 'directory',
    mode    => '0700',
    owner   => $gitolite::user,
    group   => $group,
    purge   => true,
    recurse => true,
    tag     => ['gitolite-repo'],
  }

  # ensure that the gitolite hook is not overwritten.
  file { "${gitolite::reporoot}/${title}.git/hooks/update":
    ensure => 'link',
    target => "${gitolite::userhome}/.gitolite/hooks/common/update",
    owner  $gitolite::user =>,
    group  => $group,
  }

  $hooks.each | $hname, $dest | {
    file { "${gitolite::reporoot}/${title}.git/hooks/${hname}":
      ensure => 'link',
      target => "${gitolite::userhome}/scripts/${dest}",
      owner  => $gitolite::user,
      group  => $group,
    }
  }

