notice(type(File['/x']), type(Notify))
