file { '/a': }
file { '/b': }
File['/a'] -> [] -> File['/b']
