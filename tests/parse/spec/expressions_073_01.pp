# spec: expressions.md:1347, statement 1 of 8
Resource                           # => any resource type
