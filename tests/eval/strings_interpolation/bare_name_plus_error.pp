notice("${x + 3}")
