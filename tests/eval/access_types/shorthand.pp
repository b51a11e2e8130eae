notice(File)
notice(file)
notice(File['/tmp/x'])
notice(File['/tmp/x', '/tmp/y'])
