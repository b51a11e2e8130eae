# spec: expressions.md:1146, statement 3 of 7
$a = Array[String]               # => Array[String] (type)
