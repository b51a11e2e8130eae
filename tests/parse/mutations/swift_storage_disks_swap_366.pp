# mutant: swift/manifests/storage/disks.pp lines 27-29, swapped 'class' and 'swift::storage::disk' at 2:1
swift::storage::disks class($args = {}, $defaults = {}) {
  create_resources(swift::storage::disk, $args, $defaults)
}
