notice(stdlib::fqdn_rotate({'a' => 1}))
