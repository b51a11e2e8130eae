# spec: expressions.md:1115, statement 3 of 5
$h[]                             # => syntax error
