notice(Class[apache, nginx])
