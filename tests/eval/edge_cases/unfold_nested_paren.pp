$a = ['x', 'y']
notice('y' ? { *(($a)) => 'matched', default => 'no' })
