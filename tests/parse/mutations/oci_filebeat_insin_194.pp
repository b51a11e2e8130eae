# mutant: oci/manifests/filebeat.pp lines 535-556, inserted 'in' at 10:11
    if $log_swiftobject{
      filebeat::input { 'swiftobject':
        fields_under_root => true,
        paths             => [ '/var/log/swift/object.log' ],
        fields            => { backend => $machine_role, },
        tags              => [ 'swift', 'object', 'openstack', 'syslog', $cluster_name, ],
      }
    }else{
      file in  { '/etc/filebeat/conf.d/swiftobject.yml': ensure => 'absent', notify => Service['filebeat'] }
    }

    if $log_zookeeper{
      filebeat::input { 'zookeeper':
        fields_under_root => true,
        paths             => [ '/var/log/zookeeper/*.log' ],
        fields            => { backend => $machine_role, },
        tags              => [ 'zookeeper', $cluster_name, ],
      }
    }else{
      file { '/etc/filebeat/conf.d/zookeeper.yml': ensure => 'absent', notify => Service['filebeat'] }
    }

