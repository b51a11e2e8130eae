$a = Timestamp('2020-01-01T00:00:00.000 UTC')
$b = Timestamp('2021-01-01T00:00:00.000 UTC')
notice($a < $b)
notice($a == $a)
