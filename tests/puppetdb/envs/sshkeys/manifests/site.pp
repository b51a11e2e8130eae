# Known hosts: every node exports its host key; web nodes collect all of
# them (their own too), the bastion collects them twice: the first
# collector takes every key, so the second one's override reaches only
# what the first did not (nothing).
class ssh::hostkey {
  @@sshkey { $facts['networking']['fqdn']:
    ensure       => present,
    type         => 'ssh-ed25519',
    key          => "AAAAC3NzaC1lZDI1NTE5AAAAI${facts['networking']['hostname']}",
    host_aliases => [$facts['networking']['hostname'], $facts['networking']['ip']],
    tag          => ['ssh', $facts['role']],
  }
}
class ssh::knownhosts {
  Sshkey { target => '/etc/ssh/ssh_known_hosts' }
  Sshkey <<| |>>
}
node 'web1.test', 'web2.test' {
  include ssh::hostkey
  include ssh::knownhosts
}
node 'db1.test' {
  include ssh::hostkey
}
node 'bastion.test' {
  include ssh::knownhosts
  Sshkey <<| tag == 'db' |>> { ensure => absent }
}
