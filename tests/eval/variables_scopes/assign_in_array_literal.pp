$a = [$b = 1, $b + 1]
notice($a)
