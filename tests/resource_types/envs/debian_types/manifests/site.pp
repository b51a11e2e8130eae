# Types of Debian's modules whose title patterns a Ruby helper builds
# (keystone's, through PuppetX::Keystone::CompositeNamevar) or that are
# literal (rabbitmq_binding, sshkey, alternative_entry), and plain ones.
keystone_user { 'admin::admin_domain':
  ensure => present,
  email  => 'admin@example.com',
}
keystone_user { 'demo':
  domain  => 'users',
  enabled => true,
}
keystone_tenant { 'services::Default': description => 'Service tenant' }
keystone_tenant { 'openstack': }
rabbitmq_binding { 'myexchange@myqueue@/':
  ensure      => present,
  routing_key => '#',
}
rabbitmq_binding { 'named binding':
  source      => 'ex',
  destination => 'q',
  vhost       => '/vh',
}
sshkey { 'host.example.com@ssh-ed25519': key => 'AAAAC3NzaC1lZDI1NTE5AAAA' }
sshkey { 'other.example.com': type => 'ssh-rsa', key => 'AAAAB3NzaC1yc2E' }
alternative_entry { '/usr/bin/vim.basic:/usr/bin/vim':
  altname  => 'editor',
  priority => 30,
}
ini_setting { 'sample':
  ensure  => present,
  path    => '/etc/sample.ini',
  section => 'main',
  setting => 'key',
  value   => 'value',
}
file_line { 'motd': path => '/etc/motd', line => 'hello' }
