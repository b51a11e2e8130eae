# mutant: zookeeper/manifests/install/package.pp lines 6-17, truncated at 8:3
class zookeeper::install::package inherits zookeeper::install {

  # Allow installing multiple packages, like zookeeper, zookeeper-bin etc.
  ensure_resource('package', $::zookeeper::packages, {'ensure' => $::zookeeper::ensure})

  # Make sure, that service package was not installed earlier
  