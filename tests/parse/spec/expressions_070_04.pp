# spec: expressions.md:1244, statement 4 of 5
$c = Class[apache]               # => Class[apache]
