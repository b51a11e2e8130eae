# More lambdas are made than the interpreter keeps before it reuses the
# entries of those that are gone; the live ones keep working.
$sums = Integer[1, 1500].map |$i| { [1, 2, 3].map |$j| { $i * $j }.reduce |$a, $b| { $a + $b } }
notice($sums.reduce |$a, $b| { $a + $b })
notice($sums[0], $sums[1499])
$outer = 7
notice(Integer[1, 1200].filter |$i| { [$i].map |$j| { $j + $outer }[0] % 100 == 0 })
