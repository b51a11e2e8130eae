notice(stdlib::to_toml({'a' => 1, 'b' => 'x', 'c' => [1, 'two'], 'd' => {'e' => true, 'f' => {'g' => 1.5}}, 'h' => [{'i' => 1}, {'j' => 2}], 'k k' => 'v"w', 'l' => undef, 'm' => [], 'n' => {}}))
notice(stdlib::to_toml({}))
notice(stdlib::to_toml({'s' => 'a#{b}c', 'z' => {'y' => {'x' => 1}}}))
