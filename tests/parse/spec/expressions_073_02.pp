# spec: expressions.md:1347, statement 2 of 8
Resource[File]                     # => File
