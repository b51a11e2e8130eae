notice(try_get_value({'a' => 1}, ['a']))
