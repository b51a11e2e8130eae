notice('3.5' * 2)
