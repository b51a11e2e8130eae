$r = notify { ['x', 'y']: }
notice($r)
