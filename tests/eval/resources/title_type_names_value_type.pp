notify { ['a', {'b' => 1}]: }
