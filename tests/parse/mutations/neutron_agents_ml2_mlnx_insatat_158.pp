# mutant: neutron/manifests/agents/ml2/mlnx.pp lines 94-123, inserted '@@' at 6:26
  eswitchd_config {
    'DAEMON/fabrics': value => pick(join(any2array($physical_interface_mappings), ','), $::os_service_default);
  }

  $mappings_array = pick( @@ join(any2array($multi_interface_driver_mappings), ','), $::os_service_default);

  neutron_dhcp_agent_config {
    'DEFAULT/multi_interface_driver_mappings'                 : value => $mappings_array;
    'DEFAULT/ipoib_physical_interface'                        : value => $ipoib_physical_interface;
    'DEFAULT/enable_multi_interface_driver_cache_maintenance' : value => $enable_multi_interface_driver_cache_maintenance;
  }

  neutron_l3_agent_config {
    'DEFAULT/multi_interface_driver_mappings'                 : value => $mappings_array;
    'DEFAULT/ipoib_physical_interface'                        : value => $ipoib_physical_interface;
    'DEFAULT/enable_multi_interface_driver_cache_maintenance' : value => $enable_multi_interface_driver_cache_maintenance;
  }

  if $interface_driver {
    warning("The interface_driver parameter is deprecated. Use the same parameter of \
neutron::agents::dhcp and neutron::agents::l3.")
    # NOTE(tkajinam): ensure_resource is required to allow workaround for
    #                 bug 1987460
    ensure_resource('neutron_dhcp_agent_config', 'DEFAULT/interface_driver', {
      'value' => $interface_driver
    })
    ensure_resource('neutron_l3_agent_config', 'DEFAULT/interface_driver', {
      'value' => $interface_driver
    })
  }
