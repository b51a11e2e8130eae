# spec: expressions.md:1146
Array                            # => Array[Data]
Array[String]                    # => Array[String] (type)
$a = Array[String]               # => Array[String] (type)
$a[]                             # => syntax error
$a[Integer]                      # => Array[Integer] (type)

Array[Data, 1]                   # => Array[Data] (type) that is non empty
Array[Data, 2,4]                 # => Array[Data] (type) with min 2, and max 4 entries
