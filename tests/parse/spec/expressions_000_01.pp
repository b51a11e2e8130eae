# spec: expressions.md:41, statement 1 of 6
10   # decimal
