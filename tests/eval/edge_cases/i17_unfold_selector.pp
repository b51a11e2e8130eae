$a = ['x', 'y']
notice('y' ? { *$a => yes, default => no })
notice('z' ? { (*$a) => yes, default => no })
