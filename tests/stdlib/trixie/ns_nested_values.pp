notice(stdlib::nested_values({'a' => {'b' => 1, 'c' => {'d' => [2]}}, 'e' => 3, 'f' => {}}))
notice(stdlib::nested_values({}))
notice({'x' => {'y' => 1}}.stdlib::nested_values)
