# spec: expressions.md:319, statement 2 of 2
10.0 - 0.1 # produces 9.9
