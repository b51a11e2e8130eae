# spec: expressions.md:60, statement 2 of 7
'I take a bit
more room'
