notice({'a' => 1} =~ Hash[String, Init[Iterable]])
