# spec: expressions.md:1146, statement 7 of 7
Array[Data, 2,4]                 # => Array[Data] (type) with min 2, and max 4 entries
