# mutant: etcddiscovery/manifests/init.pp lines 43-71, deleted '{' at 19:24
  package { 'etcddiscovery':
    ensure => $package_ensure,
    name   => $package_name,
    tag    => ['openstack', 'etcddiscovery'],
  }

  etcddiscovery_config {
    'server/prefix_url':          value => $prefix_url;
    'server/web_service_address': value => $web_service_address;
    'etcd/endpoint_location':     value => $endpoint_location;
  }

  if $enabled {
    if $manage_service {
      $ensure = 'running'
    }
  } else {
    if $manage_service 
      $ensure = 'stopped'
    }
  }

  service { 'etcd-discovery':
    ensure    => $ensure,
    name      => $::etcddiscovery::params::etcddiscovery_service,
    enable    => $enabled,
    hasstatus => true,
    tag       => 'etcddiscovery-service',
  }
