notice(URI[1])
