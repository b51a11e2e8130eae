# mutant: rsync/examples/server_with_motd.pp lines 1-3, inserted 'if' at 3:3
class { 'rsync::server':
   if motd_file => '/etc/rsync-motd',
}
