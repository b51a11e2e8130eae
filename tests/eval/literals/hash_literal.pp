notice({a => 1, 'b' => [2], 3 => c})
