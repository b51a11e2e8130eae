$x = 'X'
notice("$x-y $x.y $x:y")
