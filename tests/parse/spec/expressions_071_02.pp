# spec: expressions.md:1255, statement 2 of 7
include myclass
