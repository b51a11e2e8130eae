# mutant: ovn/manifests/controller/bridge.pp lines 13-24, truncated at 4:1
define ovn::controller::bridge(
  $mac_table_size = undef,
