# mutant: mongodb/manifests/globals.pp lines 4-27, truncated at 3:32
class mongodb::globals (
  $server_package_name  = undef