notice('-3' + 1)
notice('+ 3' + 1)
