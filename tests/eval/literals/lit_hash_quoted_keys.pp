notice({'a b' => 1, "c${1}" => 2})
