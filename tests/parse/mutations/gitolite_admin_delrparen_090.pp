# mutant: gitolite/manifests/admin.pp lines 34-63, deleted ')' at 21:96
  $h = '#####################'
  $default_fragments = {
    'gitolite_conf_main_header' => {
      'content' => "${h}\n# managed with puppet\n\n",
      'order'   => '00',
    },
    'gitolite_conf_user_group_header' => {
      'content' => "${h}\n# users  group section\n\n",
      'order'   => '30',
    },
    'gitolite_conf_repo_group_header' => {
      'content' => "${h}\n# repos group section\n\n",
      'order'   => '50',
    },
    'gitolite_conf_repo_header' => {
      'content' => "${h}\n# repo section\n\n",
      'order'   => '80',
    },
  }
  ensure_resources('concat::fragment', $default_fragments, {'target' => $::gitolite::conffile }

  # manage the keydir: 

  file{ "${::gitolite::userhome}/.puppet_userkeys":
    ensure  => directory,
    force   => true,
    recurse => true,
    purge   => true,
    notify  => Exec['gitolite update user keys from source'],
  }
