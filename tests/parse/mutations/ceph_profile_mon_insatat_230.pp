# mutant: ceph/manifests/profile/mon.pp lines 23-45, inserted '@@' at 13:23
class ceph::profile::mon {
  require ceph::profile::base

  ceph::mon { $::hostname:
    authentication_type => $ceph::profile::params::authentication_type,
    key                 => $ceph::profile::params::mon_key,
    keyring             => $ceph::profile::params::mon_keyring,
    public_addr         => $ceph::profile::params::public_addr,
  }

  $defaults = {
    inject         =>  @@ true,
    inject_as_id   => 'mon.',
    inject_keyring => "/var/lib/ceph/mon/ceph-${::hostname}/keyring",
  }

  if !empty($ceph::profile::params::client_keys) {
    class { 'ceph::keys':
      args     => $ceph::profile::params::client_keys,
      defaults => $defaults
    }
  }
}
