[$a, $b] = { a => 10, b => 20, c => 30 }
notice($a)
notice($b)
