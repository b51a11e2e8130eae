# mutant: galera/manifests/status.pp lines 60-87, truncated at 5:29
  user { 'clustercheck':
    shell  => '/bin/false',
    home   => '/var/empty',
    gid    => 'clustercheck'