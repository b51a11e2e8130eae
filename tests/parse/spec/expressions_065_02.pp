# spec: expressions.md:1146, statement 2 of 7
Array[String]                    # => Array[String] (type)
