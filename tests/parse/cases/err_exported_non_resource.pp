@@notice('a')
