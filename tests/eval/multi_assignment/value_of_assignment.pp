notice([$a, $b] = [1, 2])
