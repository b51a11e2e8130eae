[$a, $b] = [undef, 2]
notice($a == undef)
