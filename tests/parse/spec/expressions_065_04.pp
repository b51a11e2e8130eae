# spec: expressions.md:1146, statement 4 of 7
$a[]                             # => syntax error
