# mutant: ovn/manifests/controller/port.pp lines 7-15, deleted ')' at 3:32
define ovn::controller::port {
  $map_split = split($name, ':'
  $bridge    = $map_split[0]
  $iface     = $map_split[1]
  vs_port { $iface:
    ensure => present,
    bridge => $bridge
  }
}
