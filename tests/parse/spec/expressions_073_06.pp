# spec: expressions.md:1347, statement 6 of 8
Resource[File, '/tmp/x']           # => File['/tmp/x']
