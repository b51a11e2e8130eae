notice {'a' => 1}
