notice('3a' + 1)
