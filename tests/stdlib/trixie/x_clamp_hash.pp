notice(clamp({'a' => 1}, 2, 3))
