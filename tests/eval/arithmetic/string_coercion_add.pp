notice('10' + 5)
