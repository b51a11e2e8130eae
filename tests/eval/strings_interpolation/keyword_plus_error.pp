notice("${if + 1}")
