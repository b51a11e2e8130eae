notice(stdlib::to_yaml({'a' => 1}))
