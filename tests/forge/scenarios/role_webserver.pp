# A role combining modules: a web server with its firewall, SSH and time
# (Debian's saz-ssh package lacks the module's hiera.yaml, so its data
# defaults are given here).
class profile::base {
  class { 'ssh::server':
    options              => { 'PasswordAuthentication' => 'no' },
    storeconfigs_enabled => false,
    sshd_config          => '/etc/ssh/sshd_config',
    sshd_dir             => '/etc/ssh',
    sshd_binary          => '/usr/sbin/sshd',
    host_priv_key_group  => 'root',
    default_options      => { 'UsePAM' => 'yes' },
    service_name         => 'ssh',
    server_package_name  => 'openssh-server',
  }
  class { 'chrony': servers => ['ntp.example.com'] }
  firewall { '000 related': proto => 'all', state => ['RELATED', 'ESTABLISHED'], jump => 'accept' }
  firewall { '022 ssh': dport => 22, proto => 'tcp', jump => 'accept' }
  stdlib::ensure_packages(['curl', 'htop'])
}
class profile::web {
  class { 'apache': default_vhost => false }
  apache::vhost { $facts['networking']['fqdn']:
    port    => 80,
    docroot => '/var/www/site',
  }
  firewall { '080 http': dport => [80, 443], proto => 'tcp', jump => 'accept' }
  concat { '/var/www/site/index.html': ensure => present }
  concat::fragment { 'index': target => '/var/www/site/index.html', content => '<h1>hello</h1>' }
}
class role::webserver {
  include profile::base
  include profile::web
}
include role::webserver
