# mutant: ovn/manifests/northd.pp lines 26-55, deleted ')' at 30:30
  $ovn_northd_opts_addr = [
    "--db-nb-addr=${dbs_listen_ip}",
    "--db-sb-addr=${dbs_listen_ip}",
    '--db-nb-create-insecure-remote=yes',
    '--db-sb-create-insecure-remote=yes'
  ]

  if $dbs_cluster_local_addr {
    $ovn_northd_opts_cluster_local_addr = [
      "--db-nb-cluster-local-addr=${dbs_cluster_local_addr}",
      "--db-sb-cluster-local-addr=${dbs_cluster_local_addr}"
    ]
  } else {
    $ovn_northd_opts_cluster_local_addr = []
  }

  if $dbs_cluster_remote_addr {
    $ovn_northd_opts_cluster_remote_addr = [
      "--db-nb-cluster-remote-addr=${dbs_cluster_remote_addr}",
      "--db-sb-cluster-remote-addr=${dbs_cluster_remote_addr}"
    ]
  } else {
    $ovn_northd_opts_cluster_remote_addr = []
  }

  $ovn_northd_opts = join($ovn_northd_opts_addr +
                          $ovn_northd_opts_cluster_local_addr +
                          $ovn_northd_opts_cluster_remote_addr,
                          ' '

