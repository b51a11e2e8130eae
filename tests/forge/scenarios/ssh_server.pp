# saz-ssh 13.1: server and client with hardening options. Debian's package
# lacks the module's hiera.yaml, so the module data defaults are missing
# (Puppet's error).
class { 'ssh':
  server_options => {
    'PasswordAuthentication' => 'no',
    'PermitRootLogin'        => 'no',
    'Match User backup'      => { 'ForceCommand' => 'internal-sftp' },
  },
  client_options => {
    'Host *' => { 'SendEnv' => 'LANG LC_*', 'HashKnownHosts' => 'yes' },
  },
  storeconfigs_enabled => false,
}
