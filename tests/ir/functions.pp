function double(Integer $n, Integer $by = 2) >> Integer {
  if $n < 0 { return(0) }
  $n * $by
}
$r = double(4)
$m = [1, 2, 3].map |$v| { $v + $r }
$e = [1, 2, 3].each |$k, $v| { if $v == 2 { next() } }
$q = $m.filter |$v| { $v > 5 }
[$a, $b] = [1, 2]
