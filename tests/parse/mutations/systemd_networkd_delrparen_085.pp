# mutant: systemd/manifests/networkd.pp lines 8-23, deleted ')' at 4:1
class systemd::networkd (
  Enum['stopped','running'] $ensure = $systemd::networkd_ensure,
 {
  assert_private()

  $_enable_networkd = $ensure ? {
    'stopped' => false,
    'running' => true,
    default   => $ensure,
  }

  service { 'systemd-networkd':
    ensure => $ensure,
    enable => $_enable_networkd,
  }
}
