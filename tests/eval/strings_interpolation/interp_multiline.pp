$x = 1
notice("line ${x}
line ${$x + 1}")
