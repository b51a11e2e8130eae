$r = notify { 'a': }
notice($r)
