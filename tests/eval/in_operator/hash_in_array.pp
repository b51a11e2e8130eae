notice({a => 1} in [{'a' => 1}])
