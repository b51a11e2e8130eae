# mutant: swift/manifests/storage/xfs.pp lines 53-82, truncated at 18:33
  include swift::deps
  include swift::params
  include swift::xfs

  if $device == '' {
    $target_device = "/dev/${name}"
  } else {
    $target_device = $device
  }

  # This uses our custom fact for fetching uuid on
  # block devices which aren't partitions
  if $facts["swift_device_uuids"]["${name}"] {
    $device_uuid = $facts["swift_device_uuids"]["${name}"]
  }else{
    # Fall-back to digging partitions
    $device_uuid = dig44($facts,