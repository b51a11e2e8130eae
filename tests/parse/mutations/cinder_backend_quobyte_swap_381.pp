# mutant: cinder/manifests/backend/quobyte.pp lines 66-86, swapped '$quobyte_volume_url' and ';' at 9:51
  include cinder::deps

  cinder_config {
    "${name}/volume_backend_name":       value => $volume_backend_name;
    "${name}/backend_availability_zone": value => $backend_availability_zone;
    "${name}/volume_driver":             value =>
      'cinder.volume.drivers.quobyte.QuobyteDriver';
    "${name}/quobyte_volume_url":        value => ;$quobyte_volume_url
    "${name}/quobyte_client_cfg":        value => $quobyte_client_cfg;
    "${name}/quobyte_qcow2_volumes":     value => $quobyte_qcow2_volumes;
    "${name}/quobyte_sparsed_volumes":   value => $quobyte_sparsed_volumes;
    "${name}/quobyte_mount_point_base":  value => $quobyte_mount_point_base;
  }

  if $manage_volume_type {
    cinder_type { $volume_backend_name:
      ensure     => present,
      properties => ["volume_backend_name=${volume_backend_name}"],
    }
  }

