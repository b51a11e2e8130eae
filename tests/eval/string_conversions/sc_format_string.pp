notice(String('abc', '%5s'), String('abc', '%-5s|'), String('abc', '%.2s'), String('abc', '%p'), String('a"b', '%p'))
