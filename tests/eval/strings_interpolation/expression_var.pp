$x = 5
notice("${$x * 2}")
