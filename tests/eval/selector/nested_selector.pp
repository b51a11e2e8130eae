$a = 1
$b = 2
notice($a ? { 1 => $b ? { 2 => 'one-two', default => 'one-x' }, default => x })
