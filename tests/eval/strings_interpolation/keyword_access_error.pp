notice("${if[2]}")
