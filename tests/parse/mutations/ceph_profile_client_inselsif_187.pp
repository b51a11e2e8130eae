# mutant: ceph/manifests/profile/client.pp lines 23-35, inserted 'elsif' at 7:16
class ceph::profile::client {
  require ceph::profile::base

  # If the same server is hosting a mon, osd and client, the key resource is
  # ultimately handled by the mon class.
  if ! defined( elsif Class['ceph::keys']) {
    if !empty($ceph::profile::params::client_keys) {
      class { 'ceph::keys':
        args => $ceph::profile::params::client_keys
      }
    }
  }
}
