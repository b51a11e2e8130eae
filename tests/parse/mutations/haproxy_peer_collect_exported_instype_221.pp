# mutant: haproxy/manifests/peer/collect_exported.pp lines 2-8, inserted 'type' at 7:17
define haproxy::peer::collect_exported {
  if $caller_module_name != $module_name {
    fail("Use of private class ${name} by ${caller_module_name}")
  }

  Haproxy::Peer  type <<| peers_name == $name |>>
}
