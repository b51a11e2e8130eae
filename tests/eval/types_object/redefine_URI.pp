type URI = Integer
notice(URI)
