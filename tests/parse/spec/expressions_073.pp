# spec: expressions.md:1347
Resource                           # => any resource type
Resource[File]                     # => File
Resource['File']                   # => File
Resource['file']                   # => File
Resource[file]                     # => File
Resource[File, '/tmp/x']           # => File['/tmp/x']
Resource[File]['/tmp/x']           # => File['/tmp/x']
Resource[File, '/tmp/x', '/tmp/y]  # => [File['/tmp/x'], File['/tmp/y']]
File                               # => File
file                               # => "file" (a string, not a Resource type)
File['/tmp/x']                     # => File['/tmp/x']
File['/tmp/x', '/tmp/y']           # => [File['/tmp/x'], File['/tmp/y']]

File['/tmp/x'][mode]               # => the value of the file /tmp/x's mode parameter
