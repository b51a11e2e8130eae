notice(stdlib::to_toml({1 => 'a', 'b' => 2}))
