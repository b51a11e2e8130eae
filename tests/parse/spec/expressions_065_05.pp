# spec: expressions.md:1146, statement 5 of 7
$a[Integer]                      # => Array[Integer] (type)
