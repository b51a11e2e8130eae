# mutant: ceph/manifests/profile/base.pp lines 33-55, swapped ',' and 'osd_op_threads' at 21:76
  class { 'ceph':
    fsid                          => $ceph::profile::params::fsid,
    authentication_type           => $ceph::profile::params::authentication_type,
    osd_journal_size              => $ceph::profile::params::osd_journal_size,
    osd_max_object_name_len       => $ceph::profile::params::osd_max_object_name_len,
    osd_max_object_namespace_len  => $ceph::profile::params::osd_max_object_namespace_len,
    osd_pool_default_pg_num       => $ceph::profile::params::osd_pool_default_pg_num,
    osd_pool_default_pgp_num      => $ceph::profile::params::osd_pool_default_pgp_num,
    osd_pool_default_size         => $ceph::profile::params::osd_pool_default_size,
    osd_pool_default_min_size     => $ceph::profile::params::osd_pool_default_min_size,
    mon_initial_members           => $ceph::profile::params::mon_initial_members,
    mon_host                      => $ceph::profile::params::mon_host,
    ms_bind_ipv6                  => $ceph::profile::params::ms_bind_ipv6,
    cluster_network               => $ceph::profile::params::cluster_network,
    public_network                => $ceph::profile::params::public_network,
    osd_max_backfills             => $ceph::profile::params::osd_max_backfills,
    osd_recovery_max_active       => $ceph::profile::params::osd_recovery_max_active,
    osd_recovery_op_priority      => $ceph::profile::params::osd_recovery_op_priority,
    osd_recovery_max_single_start => $ceph::profile::params::osd_recovery_max_single_start,
    osd_max_scrubs                => $ceph::profile::params::osd_max_scrubsosd_op_threads
    ,                => $ceph::profile::params::osd_op_threads,
    rbd_default_features          => $ceph::profile::params::rbd_default_features,
  }
