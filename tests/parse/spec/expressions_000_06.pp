# spec: expressions.md:41, statement 6 of 6
0.31415e1
