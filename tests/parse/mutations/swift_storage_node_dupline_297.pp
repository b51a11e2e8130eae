# mutant: swift/manifests/storage/node.pp lines 55-84, duplicated line 23
  include swift::deps

  if ! $zone =~ Integer {
    validate_legacy(Pattern[/^\d+$/], 'validate_re', $zone,
      ['^\d+$', 'The zone parameter must be an integer'])
  }

  Swift::Storage::Server {
    storage_local_net_ip => $storage_local_net_ip,
    devices              => $mnt_base_dir,
    max_connections      => $max_connections,
    owner                => pick($owner, $::swift::params::user),
    group                => pick($group, $::swift::params::group),
  }

  swift::storage::server { "60${name}0":
    type             => 'object',
    config_file_path => 'object-server.conf',
  }

  if !$policy_index {
    $ring_device = "${storage_local_net_ip}:60${name}0/${name}"
    $ring_device = "${storage_local_net_ip}:60${name}0/${name}"
  } else {
    $ring_device = "${policy_index}:${storage_local_net_ip}:60${name}0/${name}"
  }

  ring_object_device { $ring_device:
    zone   => $zone,
    weight => $weight,
  }
