# voxpupuli prometheus 17 (not in Debian), with voxpupuli systemd 9: the
# node exporter.
class { 'prometheus::node_exporter':
  version            => '1.8.2',
  collectors_enable  => ['systemd', 'processes'],
  collectors_disable => ['wifi'],
}
