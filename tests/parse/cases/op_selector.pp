$a = $x ? { 'a' => 1, /b/ => 2, default => 3 }
$b = $x ? { 'a' => 1, }
$c = $x ? 'a' => 1
$d = $x ? { [1,2] => 'array', Integer => 'type', default => undef }
