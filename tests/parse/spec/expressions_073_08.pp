# spec: expressions.md:1347, statement 8 of 8
Resource[File, '/tmp/x', '/tmp/y]  # => [File['/tmp/x'], File['/tmp/y']]
File                               # => File
file                               # => "file" (a string, not a Resource type)
File['/tmp/x']                     # => File['/tmp/x']
File['/tmp/x', '/tmp/y']           # => [File['/tmp/x'], File['/tmp/y']]

File['/tmp/x'][mode]               # => the value of the file /tmp/x's mode parameter
