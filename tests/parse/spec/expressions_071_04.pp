# spec: expressions.md:1255, statement 4 of 7
$someclass = Class[myclass]
