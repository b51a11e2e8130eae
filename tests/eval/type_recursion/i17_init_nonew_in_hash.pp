notice(Init[Iterable] in {'a' => 1})
