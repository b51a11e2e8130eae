$a = ['x', 'y']
notice('y' ? { *$a => 'matched', default => 'no' })
notice('z' ? { *$a => 'matched', default => 'no' })
