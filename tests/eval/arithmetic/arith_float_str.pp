notice('1e2' * 2)
