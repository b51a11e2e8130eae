# spec: expressions.md:1244, statement 5 of 5
$c[]                             # => syntax error
