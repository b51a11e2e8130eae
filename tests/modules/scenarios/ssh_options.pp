# ssh client and server with options (sshd_config.erb, ssh_config.erb) and
# the host keys of the node (ipaddresses()).
class { 'ssh':
  server_options => {
    'PermitRootLogin'        => 'no',
    'PasswordAuthentication' => 'no',
    'AllowGroups'            => ['ssh-users', 'admins'],
    'Match User deploy'      => { 'ForceCommand' => '/usr/local/bin/deploy', 'X11Forwarding' => 'no' },
    'Port'                   => [22, 2222],
  },
  client_options => { 'Host *.internal' => { 'User' => 'ops', 'ForwardAgent' => 'yes' }, 'ServerAliveInterval' => 60 },
}
