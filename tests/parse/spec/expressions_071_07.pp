# spec: expressions.md:1255, statement 7 of 7
$someclass[x, y]                 # => [10, 20]
