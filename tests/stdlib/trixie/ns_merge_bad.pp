notice(stdlib::merge({'a' => 1}, 'x'))
