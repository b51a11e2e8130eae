# spec: expressions.md:60, statement 1 of 7
'hello'
