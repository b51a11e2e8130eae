$data = {'a' => {'b' => [1, 2]}, 'c' => {'1' => 'one'}}
notice(try_get_value($data, 'a/b/1'))
notice(try_get_value($data, 'a/c', 'dflt'))
notice(try_get_value($data, 'a::b', 'dflt', '::'))
notice(try_get_value($data, 'c/1', 'not found'))
notice(try_get_value($data, 'a b', 'ws', ' '))
notice(try_get_value([10, 20], '1'))
notice(try_get_value($data, ''))
