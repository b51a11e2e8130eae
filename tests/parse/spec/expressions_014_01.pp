# spec: expressions.md:319, statement 1 of 2
10 - 1     # produces 9
