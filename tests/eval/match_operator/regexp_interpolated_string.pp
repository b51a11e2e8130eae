$w = 'b+'
notice('abbc' =~ "a${w}c")
