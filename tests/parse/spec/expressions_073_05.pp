# spec: expressions.md:1347, statement 5 of 8
Resource[file]                     # => File
