$a = $t and $x ? a => $b and $c
$b = $x ? a => 1 + 2
