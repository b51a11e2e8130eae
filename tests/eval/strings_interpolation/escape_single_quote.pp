notice("it\'s")
