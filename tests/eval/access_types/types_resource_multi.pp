notice(File['/a', '/b'], Resource['file', '/a'], Resource[File], Resource['notify'])
