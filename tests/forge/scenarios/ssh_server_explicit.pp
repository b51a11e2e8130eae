# saz-ssh 13.1 server with the defaults its module data would give.
class { 'ssh::server':
  options              => {
    'PasswordAuthentication' => 'no',
    'PermitRootLogin'        => 'no',
    'Match User backup'      => { 'ForceCommand' => 'internal-sftp' },
  },
  storeconfigs_enabled => false,
  sshd_config          => '/etc/ssh/sshd_config',
  sshd_dir             => '/etc/ssh',
  sshd_binary          => '/usr/sbin/sshd',
  host_priv_key_group  => 'root',
  default_options      => { 'ChallengeResponseAuthentication' => 'no', 'UsePAM' => 'yes', 'X11Forwarding' => 'yes' },
  service_name         => 'ssh',
  server_package_name  => 'openssh-server',
}
