# spec: expressions.md:1244, statement 3 of 5
Class[apache, nginx]             # => [Class[apache], Class[nginx]] (array of classes)
