$a = $x ? { 'a' => [1], default => [2] }[0]
$b = $x ? { default => 'a' }.upcase
$c = $x ? { default => 1 } + 1
$d = $a == $b ? { true => 1, default => 2 }
