# spec: expressions.md:1347, statement 4 of 8
Resource['file']                   # => File
