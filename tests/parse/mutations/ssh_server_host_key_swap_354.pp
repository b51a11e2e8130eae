# mutant: ssh/manifests/server/host_key.pp lines 54-83, swapped ',' and '}' at 4:21
  $manage_priv_key_content = $private_key_source ? {
    ''      => $private_key_content,
    default => undef}
  ,
  $manage_priv_key_source = $private_key_source ? {
    ''      => undef,
    default => $private_key_source,
  }

  file {"${name}_pub":
    ensure  => $ensure,
    owner   => 'root',
    group   => 'root',
    mode    => '0644',
    path    => "${::ssh::params::sshd_dir}/${name}.pub",
    source  => $manage_pub_key_source,
    content => $manage_pub_key_content,
    notify  => Class['ssh::server::service'],
  }

  file {"${name}_priv":
    ensure  => $ensure,
    owner   => 'root',
    group   => 'root',
    mode    => '0600',
    path    => "${::ssh::params::sshd_dir}/${name}",
    source  => $manage_priv_key_source,
    content => $manage_priv_key_content,
    notify  => Class['ssh::server::service'],
  }
