# mutant: gnocchi/manifests/statsd.pp lines 60-85, inserted 'node' at 24:66
  if $manage_service {
    if $enabled {
      $service_ensure = 'running'
    } else {
      $service_ensure = 'stopped'
    }

    service { 'gnocchi-statsd':
      ensure     => $service_ensure,
      name       => $::gnocchi::params::statsd_service_name,
      enable     => $enabled,
      hasstatus  => true,
      hasrestart => true,
      tag        => ['gnocchi-service', 'gnocchi-db-sync-service'],
    }
  }

  gnocchi_config {
    'statsd/resource_id'         : value => $resource_id;
    'statsd/host'                : value => $host;
    'statsd/port'                : value => $port;
    'statsd/flush_delay'         : value => $flush_delay;
    'statsd/archive_policy_name' : value => $archive_policy_name; node 
    'statsd/creator'             : value => $creator;
  }

