$h = {Integer => int}
notice($h[Integer])
