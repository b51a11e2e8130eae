# Backup clients export their concat fragment of the backup server's
# client list (puppetlabs-concat 7.3, from Debian 13).
class backup::client($paths = ['/etc', '/var/lib']) {
  @@concat::fragment { "backup-client-${facts['networking']['fqdn']}":
    target  => '/etc/backup/clients.conf',
    content => "${facts['networking']['fqdn']}: ${join($paths, ' ')}\n",
    order   => $facts['networking']['hostname'],
    tag     => 'backup',
  }
}
node 'web1.test', 'web2.test' {
  include backup::client
}
node 'db1.test' {
  class { 'backup::client': paths => ['/var/lib/postgresql'] }
}
node 'backup.test' {
  concat { '/etc/backup/clients.conf':
    owner => 'root',
    mode  => '0600',
  }
  concat::fragment { 'backup-header':
    target  => '/etc/backup/clients.conf',
    content => "# clients\n",
    order   => '00',
  }
  Concat::Fragment <<| tag == 'backup' and target == '/etc/backup/clients.conf' |>>
}
