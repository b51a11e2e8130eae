notice(stdlib::has_interface_with('mtu', '1500'))
