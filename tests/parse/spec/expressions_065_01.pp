# spec: expressions.md:1146, statement 1 of 7
Array                            # => Array[Data]
