# spec: expressions.md:41, statement 4 of 6
0.1
