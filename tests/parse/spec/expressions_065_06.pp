# spec: expressions.md:1146, statement 6 of 7
Array[Data, 1]                   # => Array[Data] (type) that is non empty
