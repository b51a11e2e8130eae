$x = 42
notice("${x}s")
