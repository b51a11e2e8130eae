# spec: expressions.md:1347, statement 3 of 8
Resource['File']                   # => File
